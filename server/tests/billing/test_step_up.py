"""Step-up pricing on the injected clock: the notice mail 30 days ahead, once; the new price at
the gateway on the date, once; the next renewal charges it; a gateway failure is retried."""

from __future__ import annotations

import threading
from datetime import date
from decimal import Decimal
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.catalog.models import BillingPlan
from masthead.billing.memberships.models import StepUpChange
from masthead.billing.memberships.step_up import SUBJECT, step_up_once
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.braintree_sandbox.models import SandboxSubscription
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.mail.service import MAIL_TOPIC
from tests.billing.api_helpers import count, membership, nonce, on, setup, sign_in, subscribe
from tests.billing.faults import install, unavailable
from tests.billing.test_api_changes import charges, run_billing_day
from tests.braintree_sandbox.helpers import sandbox_of

STEP_UP_DAY = date(2027, 1, 15)


def step_up_monthly(runtime: Runtime, day: date = STEP_UP_DAY) -> SandboxGateway:
    sandbox = setup(runtime)
    with runtime.sessions.begin() as db:
        plan = db.get(BillingPlan, "sports-monthly")
        assert plan is not None
        plan.step_up_amount, plan.step_up_date = Decimal("5.99"), day
    return sandbox


def member(client: TestClient, sandbox: SandboxGateway, email: str = "ada@example.com") -> str:
    """A monthly member from 2026-11-22 (no trial): renewals on the 22nd."""
    sign_in(client, email)
    response = subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True)
    assert response.status_code == 200, response.text
    grant: str = response.json()["grant_id"]
    return grant


def notices(runtime: Runtime) -> list[dict[str, Any]]:
    with runtime.sessions() as db:
        rows = db.scalars(select(OutboxJob).where(OutboxJob.topic == MAIL_TOPIC))
        return [dict(r.payload) for r in rows if r.payload["subject"] == SUBJECT]


def gateway_price(runtime: Runtime, subscription_id: str) -> str:
    with runtime.sessions() as db:
        row = db.get(SandboxSubscription, subscription_id)
        assert row is not None
        return str(row.price)


def test_notice_once_then_the_new_price_once_and_the_renewal_charges_it(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = step_up_monthly(runtime)
    grant = member(client, sandbox)
    assert membership(client)["priceChange"] == {"amount": "5.99", "date": "2027-01-15"}

    on(clock, date(2026, 12, 15))  # 31 days ahead: too early
    assert step_up_once(runtime).noticed == []
    on(clock, date(2026, 12, 16))  # 30 days ahead
    assert step_up_once(runtime).noticed == [grant]
    assert step_up_once(runtime).noticed == []
    [mail] = notices(runtime)
    assert mail["to"] == "ada@example.com"
    assert "changes from $4.99 to $5.99 a month on January 15, 2027" in mail["text"]
    assert "http://testserver/account/settings/membership" in mail["text"]

    run_billing_day(runtime, clock, date(2026, 12, 22))
    on(clock, date(2027, 1, 14))
    assert step_up_once(runtime).changed == []
    assert gateway_price(runtime, grant) == "4.99"

    on(clock, date(2027, 1, 15))
    assert step_up_once(runtime).changed == [grant]
    assert step_up_once(runtime).changed == []
    assert gateway_price(runtime, grant) == "5.99"
    state = membership(client)
    assert (state["activeSubscription"]["plan"]["amount"], state["priceChange"]) == ("5.99", None)

    run_billing_day(runtime, clock, date(2027, 1, 22))
    assert charges(runtime) == ["4.99", "4.99", "5.99"]
    assert len(notices(runtime)) == 1


def test_a_gateway_failure_skips_one_subscription_and_is_retried(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = step_up_monthly(runtime, date(2026, 12, 1))
    first = member(client, sandbox, "ada@example.com")
    second = member(client, sandbox, "grace@example.com")
    assert sorted(step_up_once(runtime).noticed) == sorted([first, second])
    faulty = install(runtime, sandbox_of(runtime))
    faulty.fail("update_subscription", unavailable())

    on(clock, date(2026, 12, 1))
    report = step_up_once(runtime)
    assert (len(report.failed), len(report.changed)) == (1, 1)
    with runtime.sessions() as db:
        failed = db.get(StepUpChange, (report.failed[0], date(2026, 12, 1)))
        assert failed is not None and failed.last_error == "The payment processor did not answer."
    assert step_up_once(runtime).changed == report.failed  # the next run retries it
    assert step_up_once(runtime).changed == []
    assert faulty.calls.count("update_subscription") == 3
    assert {gateway_price(runtime, s) for s in (first, second)} == {"5.99"}
    assert len(notices(runtime)) == 2


def test_a_member_who_joins_after_the_date_pays_the_new_price_from_the_first_charge(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = step_up_monthly(runtime, date(2026, 11, 1))  # the gateway's plan still says 4.99
    # The payflow offers the price a new subscriber pays.
    offered = client.get("/wp-json/nyp-membership/v1/plans").json()["sports-monthly"]
    assert offered["amount"] == "5.99"
    grant = member(client, sandbox)
    assert charges(runtime) == ["5.99"]
    assert gateway_price(runtime, grant) == "5.99"
    # Nothing to tell or move: no late notice.
    report = step_up_once(runtime)
    assert (report.noticed, report.changed) == ([], [])
    assert notices(runtime) == []
    run_billing_day(runtime, clock, date(2026, 12, 22))
    assert charges(runtime) == ["5.99", "5.99"]


def test_a_trial_that_starts_after_the_date_ends_in_the_new_price(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = step_up_monthly(runtime, date(2026, 11, 1))
    sign_in(client)
    response = subscribe(client, "sports-monthly", nonce(sandbox))
    assert response.status_code == 200, response.text
    assert charges(runtime) == []  # the 7-day trial
    run_billing_day(runtime, clock, date(2026, 11, 29))
    assert charges(runtime) == ["5.99"]
    assert notices(runtime) == []


def test_a_member_who_joins_before_the_date_pays_the_old_price_first(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = step_up_monthly(runtime, date(2026, 11, 23))  # tomorrow
    offered = client.get("/wp-json/nyp-membership/v1/plans").json()["sports-monthly"]
    assert (offered["amount"], offered["step_up"]["amount"]) == ("4.99", "5.99")
    member(client, sandbox)
    assert charges(runtime) == ["4.99"]
    assert len(notices(runtime)) == 0
    step_up_once(runtime)
    assert len(notices(runtime)) == 1  # told before the next charge changes


def test_workers_running_at_once_send_one_notice_each(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = step_up_monthly(runtime, date(2026, 12, 10))
    grants = [member(client, sandbox, f"reader{i}@example.com") for i in range(3)]
    on(clock, date(2026, 12, 10))  # notices and changes are both due
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def run() -> None:
        start.wait()
        try:
            step_up_once(runtime)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(mail["to"] for mail in notices(runtime)) == [
        f"reader{i}@example.com" for i in range(3)
    ]
    assert count(runtime, StepUpChange) == 3
    assert {gateway_price(runtime, g) for g in grants} == {"5.99"}
