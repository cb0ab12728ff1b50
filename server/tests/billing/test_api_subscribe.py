"""POST /blaize/payment/braintree/subscribe: trials, charges, declines, repeats, conflicts."""

from __future__ import annotations

import threading
from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.billing.memberships import subscribe as subscribe_module
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.payment_methods.decline_messages import DECLINED
from masthead.braintree_sandbox.models import SandboxSubscription, SandboxTransaction
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.runner import drain_once
from tests.billing.api_helpers import (
    PAY,
    count,
    membership,
    nonce,
    on,
    profile,
    setup,
    sign_in,
    subscribe,
)
from tests.billing.faults import held_by_another_request
from tests.braintree_sandbox.helpers import bill_due


def _subscriptions(client: TestClient) -> list[dict[str, Any]]:
    response = client.get(f"{PAY}/subscriptions")
    assert response.status_code == 200
    body: list[dict[str, Any]] = response.json()
    return body


def test_trial_is_active_without_charge_until_it_ends(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, "sports-monthly", nonce(sandbox))
    assert response.status_code == 200, response.text
    grant = response.json()["grant_id"]
    [sub] = _subscriptions(client)
    assert sub == {
        "id": grant,
        "subscription-state": "active",
        "external-id": grant,
        "plan_id": "sports-monthly",
        "next-billing-time": "2026-11-29T00:00:00Z",
        "transaction-history": [],
        "paid_through_date": {
            "date": "2026-11-28 00:00:00.000000",
            "timezone_type": 3,
            "timezone": "UTC",
        },
        "next_billing_date": {
            "date": "2026-11-29 00:00:00.000000",
            "timezone_type": 3,
            "timezone": "UTC",
        },
        "ends": None,
        "blaize-product": {"id": "sports-membership"},
        "plan": {"amount": "4.99", "id": "sports-monthly", "name": "Monthly"},
        "trial": True,
        "discounts": [],
        "pendingSubscription": None,
    }
    state = membership(client)
    assert (state["status"], state["isMember"], state["paymentMessage"]) == ("Active", True, None)
    assert state["activeSubscription"] == sub and state["membershipEnabled"] is True
    stored = profile(runtime)
    assert (stored["had-trial"], stored["current-plan"]) == (True, "sports-monthly")
    assert client.get("/blaize/datalayer").json()["dataLayer"]["hadTrial"] is True

    on(clock, date(2026, 11, 29))  # the trial's last day has passed: the first charge
    assert bill_due(runtime).charged == [grant]
    drain_once(runtime)  # the webhooks refresh the local copy
    [renewed] = _subscriptions(client)
    assert [t["amount"] for t in renewed["transaction-history"]] == ["4.99"]
    assert renewed["transaction-history"][0]["status"] == "submitted_for_settlement"
    assert renewed["trial"] is False
    # Billing days 29-31 are "the last day of the month" for Braintree: renews Dec 31.
    assert renewed["paid_through_date"]["date"].startswith("2026-12-30")
    assert membership(client)["status"] == "Active"


def test_no_second_trial(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    first = subscribe(client, "sports-monthly", nonce(sandbox)).json()["grant_id"]
    assert client.delete(f"{PAY}/subscriptions/{first}").status_code == 200
    second = subscribe(client, "sports-monthly", None)  # the vaulted default pays
    assert second.status_code == 200, second.text
    assert second.json()["grant_id"] != first
    newest = next(s for s in _subscriptions(client) if s["id"] == second.json()["grant_id"])
    assert newest["trial"] is False
    assert [t["amount"] for t in newest["transaction-history"]] == ["4.99"]


def test_skip_trial_charges_now(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True)
    assert response.status_code == 200
    [sub] = _subscriptions(client)
    assert (sub["trial"], len(sub["transaction-history"])) == (False, 1)
    assert profile(runtime).get("had-trial", False) is False


def test_declined_charge_is_402_and_writes_nothing(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    before = profile(runtime)
    for card in ("fake-processor-declined-visa-nonce", nonce(sandbox, "4000111111111115")):
        response = subscribe(client, "sports-annual", card)
        assert response.status_code == 402
        assert response.json() == {"type": "payment-declined", "message": DECLINED}
    assert count(runtime, BillingSubscription) == 0
    assert count(runtime, SandboxSubscription) == 0
    assert profile(runtime) == before
    assert membership(client)["status"] == "None"
    # Nothing held on: the reader can try again at once.
    assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200


def test_a_repeated_subscribe_charges_once(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    first = subscribe(client, "sports-annual", nonce(sandbox))
    again = subscribe(client, "sports-annual", nonce(sandbox))
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert count(runtime, SandboxTransaction) == 1
    assert count(runtime, BillingSubscription) == 1


def test_concurrent_subscribes_charge_once(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    client.get(f"{PAY}/token")  # the customer exists, as after the card form loaded
    cards = [nonce(sandbox), nonce(sandbox)]
    answers: list[Any] = [None, None]
    start = threading.Barrier(2)

    def go(index: int) -> None:
        start.wait()
        answers[index] = subscribe(client, "sports-annual", cards[index])

    threads = [threading.Thread(target=go, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    assert answers[0].json() == answers[1].json()
    assert count(runtime, SandboxTransaction) == 1
    assert count(runtime, SandboxSubscription) == 1


def test_a_held_claim_makes_the_second_request_wait_then_409(
    client: TestClient, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    client.get(f"{PAY}/token")
    monkeypatch.setattr(subscribe_module, "WAIT_SECONDS", 0.3)
    with held_by_another_request(runtime):
        response = subscribe(client, "sports-annual", nonce(sandbox))
    assert response.status_code == 409
    assert response.json()["type"] == "subscribe-in-progress"
    assert count(runtime, SandboxSubscription) == 0


def test_refusals(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    unknown = subscribe(client, "no-such-plan", nonce(sandbox))
    assert (unknown.status_code, unknown.json()["type"]) == (404, "plan-not-found")
    no_method = subscribe(client, "sports-annual", None)
    assert (no_method.status_code, no_method.json()["type"]) == (400, "payment-method-required")
    wrong_product = subscribe(client, "sports-annual", None, product_id="hd-sports-membership")
    assert wrong_product.status_code == 400
    assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200
    other = subscribe(client, "sports-six-month", None)
    assert (other.status_code, other.json()["type"]) == (409, "already-subscribed")
    assert count(runtime, SandboxSubscription) == 1


def test_membership_disabled(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    runtime.settings.membership_enabled = False
    sign_in(client)
    response = subscribe(client, "sports-annual", nonce(sandbox))
    assert (response.status_code, response.json()["type"]) == (403, "membership-disabled")
    assert membership(client)["membershipEnabled"] is False


def test_future_start_date_is_pending(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, "sports-monthly", nonce(sandbox), start_date="2026-12-10")
    assert response.status_code == 200
    [sub] = _subscriptions(client)
    assert (sub["subscription-state"], sub["trial"], sub["transaction-history"]) == (
        "pending",
        False,
        [],
    )
    # Nothing is paid yet: Pending, not a member, with the pause feature on or off (rule 3c
    # reads Active only for a resumed membership continuing a paid one).
    for pausing in (True, False):
        runtime.settings.membership_pause_enabled = pausing
        state = membership(client)
        assert (state["status"], state["isMember"]) == ("Pending", False)
    on(clock, date(2026, 12, 10))
    bill_due(runtime)
    drain_once(runtime)
    state = membership(client)
    assert (state["status"], state["isMember"]) == ("Active", True)
    past = subscribe(client, "sports-monthly", None, start_date="2026-12-01")
    assert past.status_code == 400


@pytest.mark.parametrize(
    ("start_date", "accepted"),
    [
        ("2026-11-21", False),  # yesterday
        ("2026-11-22", True),  # today: charged at once
        ("2027-02-22", True),  # the longest pause (3 months) ahead
        ("2027-02-23", False),
        ("2099-12-31", False),
    ],
)
def test_start_date_runs_from_today_to_the_longest_pause_ahead(
    client: TestClient, runtime: Runtime, start_date: str, accepted: bool
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, "sports-monthly", nonce(sandbox), start_date=start_date)
    if accepted:
        assert response.status_code == 200, response.text
        return
    assert response.status_code == 400
    assert response.json()["type"] == "bad-request"
    message = response.json()["message"]
    assert message in (
        "The start_date field cannot be in the past.",
        "The start_date field cannot be after 2027-02-22: a membership can start at most "
        "3 months ahead.",
    )
    assert count(runtime, BillingSubscription) == 0
    assert count(runtime, SandboxSubscription) == 0
