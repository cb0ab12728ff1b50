"""A year of a monthly membership on the injected clock, one day at a time, as the worker
runs it: a trial, a pause, a failed renewal with an automatic retry, a card update and the
reader's retry. Every charge and every change of status is checked."""

from __future__ import annotations

from datetime import date, timedelta

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.memberships.retries import retry_past_due
from masthead.braintree_sandbox.models import SandboxTransaction
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.runner import drain_once
from tests.billing.api_helpers import (
    METHODS,
    PAY,
    SITE,
    membership,
    nonce,
    on,
    setup,
    sign_in,
    subscribe,
)
from tests.braintree_sandbox.helpers import bill_due, sandbox_of

OK, DECLINED = "submitted_for_settlement", "processor_declined"


def ledger(runtime: Runtime) -> list[tuple[date, str, str]]:
    with runtime.sessions() as db:
        rows = db.scalars(select(SandboxTransaction).order_by(SandboxTransaction.seq))
        return [(r.created_at.date(), str(r.amount), r.status) for r in rows]


def test_a_year_of_a_monthly_membership(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    start = date(2026, 11, 20)  # billing on the 27th: days 29-31 would mean "month end"
    on(clock, start)
    sandbox = setup(runtime)
    tracking_id = sign_in(client)
    response = subscribe(client, "sports-monthly", nonce(sandbox))
    assert response.status_code == 200, response.text
    grant = response.json()["grant_id"]
    current = grant  # the subscription the reader's membership runs on
    declining_token = ""
    statuses: list[tuple[date, str]] = []

    day = start
    while day < date(2027, 11, 20):  # a year; the session (365 days) ends then too
        on(clock, day)
        bill_due(runtime)  # renewals and trial ends that are due
        drain_once(runtime)  # their webhooks
        retry_past_due(runtime)
        drain_once(runtime)
        if day == date(2027, 1, 10):  # pause for a month from the end of the paid month
            paused = client.patch(
                f"{PAY}/subscriptions/{current}", json={"action": "pause", "pause_length": 1}
            )
            assert paused.status_code == 200, paused.text
            assert paused.json()["effectiveDate"] == "2027-01-27"
            current = paused.json()["subscription"]["id"]
        if day == date(2027, 5, 1):  # the card starts declining
            declining = sandbox.vault_payment_method(
                tracking_id, "fake-processor-declined-visa-nonce", verify_card=False
            )
            declining_token = declining.token
            sandbox.update_subscription(current, payment_method_token=declining_token)
        if day == date(2027, 6, 5):  # the reader replaces the card's details and retries
            fresh = sandbox_of(runtime)
            updated = client.patch(
                f"{METHODS}/{declining_token}", json={"payment_method_nonce": nonce(fresh)}
            )
            assert updated.status_code == 200, updated.text
            retried = client.post(f"{SITE}/subscriptions/{current}/retry")
            assert retried.status_code == 200, retried.text
        status = membership(client)["status"]
        if not statuses or statuses[-1][1] != status:
            statuses.append((day, status))
        day += timedelta(days=1)

    assert statuses == [
        (date(2026, 11, 20), "Active"),  # the 7-day trial
        (date(2027, 1, 10), "Active_Paused"),  # paid until the 26th, pause scheduled
        # Paid through the 26th, that day included (status.py, rule 3a).
        (date(2027, 1, 27), "Paused"),
        (date(2027, 2, 27), "Active"),  # restarted after a month; the profile is unpaused
        (date(2027, 5, 27), "Past Due"),
        (date(2027, 6, 5), "Active"),
    ]
    monthly = "4.99"
    assert ledger(runtime) == [
        (date(2026, 11, 27), monthly, OK),  # the trial ends
        (date(2026, 12, 27), monthly, OK),
        # 2027-01-27: paused, nothing charged
        (date(2027, 2, 27), monthly, OK),
        (date(2027, 3, 27), monthly, OK),
        (date(2027, 4, 27), monthly, OK),
        (date(2027, 5, 27), monthly, DECLINED),
        (date(2027, 6, 1), monthly, DECLINED),  # the worker's retry, five days on
        (date(2027, 6, 5), monthly, OK),  # the reader's retry with the updated card
        (date(2027, 6, 27), monthly, OK),
        (date(2027, 7, 27), monthly, OK),
        (date(2027, 8, 27), monthly, OK),
        (date(2027, 9, 27), monthly, OK),
        (date(2027, 10, 27), monthly, OK),
    ]
    state = membership(client)
    assert state["activeSubscription"]["next_billing_date"]["date"].startswith("2027-11-27")
