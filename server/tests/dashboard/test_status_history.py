"""Billing's status history through the real flows (subscribe, the gateway's billing run and
its webhooks, cancel), on the sandbox gateway and the injected clock: every change of status
is recorded once, dated when it happened, in the transaction of the change; the dashboard
then counts the readers by the status they had."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.api import MembershipStatusChange
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.runner import drain_once
from tests.billing.api_helpers import PAY, nonce, on, setup, sign_in, subscribe
from tests.braintree_sandbox.helpers import bill_due, sandbox_of
from tests.dashboard.conftest import DASHBOARD


def history(runtime: Runtime) -> list[tuple[str, str, datetime]]:
    with runtime.sessions() as db:
        rows = db.execute(
            select(
                MembershipStatusChange.subscription_id,
                MembershipStatusChange.status,
                MembershipStatusChange.changed_at,
            ).order_by(MembershipStatusChange.id)
        )
        return [(s, st, at) for s, st, at in rows]


def nine(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 9, 0, tzinfo=UTC)


def run_day(runtime: Runtime, clock: FrozenClock, day: date) -> None:
    on(clock, day)
    bill_due(runtime)
    drain_once(runtime)  # the webhooks of what the billing run did


def test_subscribe_renewals_a_failed_charge_and_a_cancel_are_recorded_once_each(
    client: TestClient,
    runtime: Runtime,
    clock: FrozenClock,
    console_as: Callable[[str], TestClient],
) -> None:
    on(clock, date(2026, 9, 20))
    sandbox = setup(runtime)
    tracking_id = sign_in(client, "ada@example.com")
    trial = subscribe(client, "sports-monthly", nonce(sandbox))  # a 7-day trial
    assert trial.status_code == 200, trial.text
    ada = trial.json()["grant_id"]
    run_day(runtime, clock, date(2026, 9, 27))  # the trial ends: charged, still Active
    run_day(runtime, clock, date(2026, 10, 27))  # renewed: still Active
    declining = sandbox_of(runtime).vault_payment_method(
        tracking_id, "fake-processor-declined-visa-nonce", verify_card=False
    )
    sandbox_of(runtime).update_subscription(ada, payment_method_token=declining.token)
    run_day(runtime, clock, date(2026, 11, 27))  # declined: Past Due
    assert history(runtime) == [
        (ada, "Active", nine(date(2026, 9, 20))),
        (ada, "Past Due", nine(date(2026, 11, 27))),
    ]

    client.cookies.clear()
    on(clock, date(2026, 10, 3))
    sign_in(client, "bea@example.com")
    annual = subscribe(client, "sports-annual", nonce(sandbox_of(runtime)))
    assert annual.status_code == 200, annual.text
    bea = annual.json()["grant_id"]
    on(clock, date(2026, 11, 10))
    cancelled = client.request(
        "DELETE", f"{PAY}/subscriptions/{bea}", json={"cancel-reason": "too-expensive"}
    )
    assert cancelled.status_code == 200, cancelled.text
    again = client.request("DELETE", f"{PAY}/subscriptions/{bea}")  # a retried cancel
    assert again.status_code == 200
    assert history(runtime)[2:] == [
        (bea, "Active", nine(date(2026, 10, 3))),
        (bea, "Canceled", nine(date(2026, 11, 10))),
    ]

    on(clock, date(2026, 11, 28))
    chart = (
        console_as("editor")
        .get(f"{DASHBOARD}/members-by-status", params={"from": "2026-09-01"})
        .json()
    )
    assert chart["buckets"] == ["2026-09", "2026-10", "2026-11"]
    counts = {s["key"]: s["values"] for s in chart["series"]}
    # Bea paid a year ahead: cancelled in November, still paid at its end (the 28th).
    assert counts["Active"] == [1, 2, 0]
    assert counts["Past Due"] == [0, 0, 1]
    assert counts["Cancelled_Active"] == [0, 0, 1]
    cancellations = (
        console_as("support")
        .get(f"{DASHBOARD}/cancellations", params={"from": "2026-11-01"})
        .json()
    )
    assert [(s["key"], s["values"]) for s in cancellations["series"]] == [("too-expensive", [1])]
