"""PATCH /blaize/payment/braintree/subscriptions/{id}: pause, resume and plan switch, as a
reader sees them through the membership call, and what the gateway is left holding."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.braintree_sandbox.models import SandboxSubscription, SandboxTransaction
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.runner import drain_once
from tests.billing.api_helpers import PAY, membership, nonce, on, profile, setup, sign_in, subscribe
from tests.braintree_sandbox.helpers import bill_due

LIVE = ("Active", "Pending", "Past Due")


def subscribed(client: TestClient, runtime: Runtime, plan: str = "sports-monthly") -> str:
    """A reader paying for a month from 2026-11-22: paid through 2026-12-21."""
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, plan, nonce(sandbox), skip_trial_period=True)
    assert response.status_code == 200, response.text
    grant: str = response.json()["grant_id"]
    return grant


def change(client: TestClient, subscription_id: str, **body: Any) -> Any:
    return client.patch(f"{PAY}/subscriptions/{subscription_id}", json=body)


def gateway_subscriptions(runtime: Runtime) -> list[tuple[str, str, date | None]]:
    with runtime.sessions() as db:
        rows = db.scalars(select(SandboxSubscription))
        return sorted(
            ((r.plan_id, r.status, r.first_billing_date) for r in rows),
            key=lambda s: (s[2] or date.min, s[1]),
        )


def live_at_gateway(runtime: Runtime) -> list[str]:
    return [plan for plan, status, _ in gateway_subscriptions(runtime) if status in LIVE]


def charges(runtime: Runtime) -> list[str]:
    with runtime.sessions() as db:
        rows = db.scalars(select(SandboxTransaction).order_by(SandboxTransaction.seq))
        return [str(r.amount) for r in rows]


def run_billing_day(runtime: Runtime, clock: FrozenClock, day: date) -> None:
    on(clock, day)
    bill_due(runtime)
    drain_once(runtime)  # the webhooks the cycle sent


def test_pause_keeps_access_to_the_paid_date_then_restarts_after_the_pause(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = subscribed(client, runtime)
    response = change(client, grant, action="pause", pause_length=1, **{"pause-reason": "away"})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["message"] == "Subscription successfully paused"
    assert body["effectiveDate"] == "2026-12-22"
    assert body["subscription"]["next_billing_date"]["date"].startswith("2027-01-22")
    state = membership(client)
    assert (state["status"], state["isMember"], state["pausedLength"]) == (
        "Active_Paused",
        True,
        1,
    )
    assert profile(runtime)["pause-reason"] == "away"
    assert gateway_subscriptions(runtime) == [
        ("sports-monthly", "Canceled", date(2026, 11, 22)),
        ("sports-monthly", "Pending", date(2027, 1, 22)),
    ]

    run_billing_day(runtime, clock, date(2026, 12, 22))  # paid month over: paused, no charge
    assert (membership(client)["status"], charges(runtime)) == ("Paused", ["4.99"])
    run_billing_day(runtime, clock, date(2027, 1, 22))  # the pause is over
    state = membership(client)
    assert (state["status"], state["pausedLength"]) == ("Active", None)
    assert charges(runtime) == ["4.99", "4.99"]
    assert profile(runtime)["paused"] is False


def test_resume_while_still_paid_restarts_when_the_paid_period_ends(
    client: TestClient, runtime: Runtime
) -> None:
    grant = subscribed(client, runtime)
    paused = change(client, grant, action="pause", pause_length=3).json()["subscription"]
    response = change(client, paused["id"], action="resume")
    assert response.status_code == 200, response.text
    assert response.json()["message"] == "Membership successfully resumed."
    assert membership(client)["status"] in ("Active", "Active_Pending")
    assert membership(client)["isMember"] is True
    assert live_at_gateway(runtime) == ["sports-monthly"]
    [(_, _, start)] = [s for s in gateway_subscriptions(runtime) if s[1] in LIVE]
    assert start == date(2026, 12, 22)  # the day after the paid month: never charged twice
    assert charges(runtime) == ["4.99"]
    assert profile(runtime)["paused"] is False


def test_resume_after_the_paid_period_charges_now(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = subscribed(client, runtime)
    paused = change(client, grant, action="pause", pause_length=2).json()["subscription"]
    run_billing_day(runtime, clock, date(2027, 1, 5))
    assert membership(client)["status"] == "Paused"
    response = change(client, paused["id"], action="resume")
    assert response.status_code == 200, response.text
    assert membership(client)["status"] == "Active"
    assert charges(runtime) == ["4.99", "4.99"]
    assert live_at_gateway(runtime) == ["sports-monthly"]


def test_switch_starts_the_new_plan_when_the_paid_period_ends_without_trial(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = subscribed(client, runtime)
    response = change(client, grant, action="switch", plan_id="sports-annual")
    assert response.status_code == 200, response.text
    assert response.json()["message"] == "Your plan changes to Annual on December 22, 2026."
    assert response.json()["subscription"]["trial"] is False
    assert membership(client)["isMember"] is True
    assert profile(runtime)["current-plan"] == "sports-annual"
    assert live_at_gateway(runtime) == ["sports-annual"]
    run_billing_day(runtime, clock, date(2026, 12, 22))
    state = membership(client)
    assert (state["status"], state["activeSubscription"]["plan_id"]) == ("Active", "sports-annual")
    assert charges(runtime) == ["4.99", "39.99"]


def test_refusals_change_nothing(client: TestClient, runtime: Runtime) -> None:
    grant = subscribed(client, runtime)
    cases = [
        ({"action": "pause", "pause_length": 4}, 400, "bad-request"),
        ({"action": "pause"}, 400, "bad-request"),
        ({"action": "switch"}, 400, "bad-request"),
        ({"action": "switch", "plan_id": "sports-monthly"}, 409, "same-plan"),
        ({"action": "switch", "plan_id": "nope"}, 404, "plan-not-found"),
        ({"action": "resume"}, 409, "not-paused"),
        ({"action": "explode"}, 400, None),
    ]
    for body, status, kind in cases:
        response = change(client, grant, **body)
        assert response.status_code == status, (body, response.text)
        if kind is not None:
            assert response.json()["type"] == kind
    assert change(client, "not-mine", action="resume").status_code == 404
    assert gateway_subscriptions(runtime) == [("sports-monthly", "Active", date(2026, 11, 22))]
    runtime.settings.membership_pause_enabled = False
    off = change(client, grant, action="pause", pause_length=1)
    assert (off.status_code, off.json()["type"]) == (403, "pause-disabled")
    assert membership(client)["pauseEnabled"] is False


def test_a_trial_cannot_be_paused(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    grant = subscribe(client, "sports-monthly", nonce(sandbox)).json()["grant_id"]
    response = change(client, grant, action="pause", pause_length=1)
    assert (response.status_code, response.json()["type"]) == (409, "in-trial")
    assert membership(client)["status"] == "Active"


def test_a_replaced_subscription_cannot_be_changed_again(
    client: TestClient, runtime: Runtime
) -> None:
    grant = subscribed(client, runtime)
    assert change(client, grant, action="switch", plan_id="sports-annual").status_code == 200
    again = change(client, grant, action="switch", plan_id="sports-six-month")
    assert (again.status_code, again.json()["type"]) == (409, "subscription-changed")
    assert live_at_gateway(runtime) == ["sports-annual"]


def test_cancelling_a_paused_membership_unpauses_the_profile(
    client: TestClient, runtime: Runtime
) -> None:
    grant = subscribed(client, runtime)
    paused = change(client, grant, action="pause", pause_length=1).json()["subscription"]
    assert profile(runtime)["paused"] is True
    assert client.delete(f"{PAY}/subscriptions/{paused['id']}").status_code == 200
    state = membership(client)  # not a paused status any more: auto-unpause
    assert (state["status"], state["pausedLength"]) == ("Cancelled_Active", None)
    assert profile(runtime)["paused"] is False
    assert live_at_gateway(runtime) == []


def test_a_cancelled_member_restarts_before_the_paid_period_ends(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = subscribed(client, runtime)
    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    assert membership(client)["status"] == "Cancelled_Active"
    response = change(client, grant, action="restart")
    assert response.status_code == 200, response.text
    assert response.json()["message"] == (
        "Welcome back! Your membership continues on December 22, 2026."
    )
    assert membership(client)["isMember"] is True
    again = change(client, grant, action="restart")
    assert (again.status_code, again.json()["type"]) == (409, "already-subscribed")
    run_billing_day(runtime, clock, date(2026, 12, 22))
    assert membership(client)["status"] == "Active"
    assert charges(runtime) == ["4.99", "4.99"]  # nothing charged twice, no trial


def test_an_ended_membership_cannot_be_restarted(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = subscribed(client, runtime)
    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    on(clock, date(2027, 1, 5))
    response = change(client, grant, action="restart")
    assert (response.status_code, response.json()["type"]) == (409, "not-restartable")
    assert membership(client)["status"] == "Canceled"
