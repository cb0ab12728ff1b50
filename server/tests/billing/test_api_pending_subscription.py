"""GET /blaize/payment/braintree/subscriptions: a subscription that a plan switch, pause or
resume replaced carries the pending one that follows it as `pendingSubscription` (spec
section 3), in the same normalised form."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import PAY
from tests.billing.test_api_changes import change, run_billing_day, subscribed


def subscriptions(client: TestClient) -> dict[str, dict[str, Any]]:
    response = client.get(f"{PAY}/subscriptions")
    assert response.status_code == 200, response.text
    return {s["id"]: s for s in response.json()}


def test_a_switched_subscription_shows_the_plan_that_follows_it(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = subscribed(client, runtime)
    assert subscriptions(client)[grant]["pendingSubscription"] is None  # nothing follows yet
    new = change(client, grant, action="switch", plan_id="sports-annual").json()["subscription"]

    listed = subscriptions(client)
    old = listed[grant]
    assert old["subscription-state"] == "cancelled"
    pending = old["pendingSubscription"]
    assert pending == {**listed[new["id"]], "pendingSubscription": None}
    assert pending["subscription-state"] == "pending"
    assert pending["plan"] == {"amount": "39.99", "id": "sports-annual", "name": "Annual"}
    assert pending["next_billing_date"]["date"] == "2026-12-22 00:00:00.000000"
    assert listed[new["id"]]["pendingSubscription"] is None  # nothing follows the new one

    run_billing_day(runtime, clock, date(2026, 12, 22))  # the new plan starts: none pending
    assert [s["pendingSubscription"] for s in subscriptions(client).values()] == [None, None]


def test_a_paused_then_resumed_membership_shows_the_resumed_one(
    client: TestClient, runtime: Runtime
) -> None:
    runtime.settings.membership_pause_enabled = True
    grant = subscribed(client, runtime)
    paused = change(client, grant, action="pause", pause_length=3).json()["subscription"]
    assert subscriptions(client)[grant]["pendingSubscription"]["id"] == paused["id"]

    resumed = change(client, paused["id"], action="resume").json()["subscription"]
    listed = subscriptions(client)
    # The pause's subscription was cancelled by the resume: the original now leads to the
    # resumed one, which starts the day after the paid month.
    assert listed[grant]["pendingSubscription"]["id"] == resumed["id"]
    assert listed[grant]["pendingSubscription"]["next_billing_date"]["date"].startswith(
        "2026-12-22"
    )
    assert listed[paused["id"]]["pendingSubscription"]["id"] == resumed["id"]


def test_a_cancelled_membership_has_nothing_pending(client: TestClient, runtime: Runtime) -> None:
    grant = subscribed(client, runtime)
    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    assert subscriptions(client)[grant]["pendingSubscription"] is None
