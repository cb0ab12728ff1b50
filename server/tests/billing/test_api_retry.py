"""Past due: the worker's automatic retries and the reader's retry after a card update."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi.testclient import TestClient

from masthead.billing.memberships.retries import retry_past_due
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import (
    METHODS,
    PAY,
    SITE,
    membership,
    nonce,
    setup,
    sign_in,
    subscribe,
)
from tests.billing.test_api_changes import charges, run_billing_day
from tests.billing.test_api_lifecycle import _grant
from tests.braintree_sandbox.helpers import sandbox_of

DECLINING = "fake-processor-declined-visa-nonce"


def past_due(client: TestClient, runtime: Runtime, clock: FrozenClock) -> tuple[str, str]:
    """A monthly member whose card starts declining; the renewal of 2026-12-22 fails."""
    sandbox = setup(runtime)
    tracking_id = sign_in(client)
    grant = _grant(subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True))
    declining = sandbox.vault_payment_method(tracking_id, DECLINING, verify_card=False)
    sandbox.update_subscription(grant, payment_method_token=declining.token)
    run_billing_day(runtime, clock, date(2026, 12, 22))
    assert membership(client)["status"] == "Past Due"
    return grant, declining.token


def retry(client: TestClient, grant: str) -> Any:
    return client.post(f"{SITE}/subscriptions/{grant}/retry")


def test_the_worker_retries_every_five_days_three_times(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    past_due(client, runtime, clock)
    attempts = []
    for day in (23, 26, 27, 31):
        run_billing_day(runtime, clock, date(2026, 12, day))
        retry_past_due(runtime)
        attempts.append(len(charges(runtime)))
    # The failed renewal on the 22nd; a retry is due on the 27th, none before.
    assert attempts == [2, 2, 3, 3]
    for day in (date(2027, 1, 1), date(2027, 1, 6), date(2027, 1, 11), date(2027, 1, 16)):
        run_billing_day(runtime, clock, day)
        retry_past_due(runtime)
    assert len(charges(runtime)) == 5  # the renewal and three retries, then it stops
    assert membership(client)["status"] == "Past Due"


def test_the_reader_updates_the_card_and_retries(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant, token = past_due(client, runtime, clock)
    declined = retry(client, grant)
    assert (declined.status_code, declined.json()["type"]) == (402, "payment-declined")
    sandbox = sandbox_of(runtime)
    updated = client.patch(f"{METHODS}/{token}", json={"payment_method_nonce": nonce(sandbox)})
    assert updated.status_code == 200, updated.text
    paid = retry(client, grant)
    assert paid.status_code == 200, paid.text
    assert paid.json()["message"].startswith("Thank you.")
    state = membership(client)
    assert (state["status"], state["paymentMessage"]) == ("Active", None)
    assert retry(client, grant).status_code == 200
    assert charges(runtime)[-1] == "4.99"
    assert charges(runtime).count("4.99") == 4  # first, failed renewal, failed retry, paid


def test_retry_refusals(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    grant = _grant(subscribe(client, "sports-annual", nonce(sandbox)))
    paid_up = retry(client, grant)  # nothing owed: answered as it is, nothing charged
    assert paid_up.status_code == 200
    assert charges(runtime) == ["39.99"]
    assert retry(client, "someone-elses").status_code == 404
    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    cancelled = retry(client, grant)
    assert (cancelled.status_code, cancelled.json()["type"]) == (409, "not-past-due")
