"""The sandbox's recurring billing engine (cycles.advance), driven by moving the clock."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

import pytest
from sqlalchemy import event, func, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from masthead.billing.gateway import WEBHOOK_TOPIC, GatewayError
from masthead.braintree_sandbox.cycles import CycleReport
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.braintree_sandbox.models import SandboxTransaction
from masthead.braintree_sandbox.seed import PlanSpec, seed_plans
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.wiring import build_process_runtime
from tests.braintree_sandbox.helpers import bill_due

if TYPE_CHECKING:
    from tests.billing.conftest import Webhooks


def on(clock: FrozenClock, day: date) -> None:
    clock.at = datetime(day.year, day.month, day.day, 9, 0, tzinfo=UTC)


@pytest.fixture
def token(sandbox: SandboxGateway) -> str:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    return sandbox.vault_payment_method("reader-1", "fake-valid-nonce").token


@pytest.fixture
def declining(sandbox: SandboxGateway, token: str) -> str:
    """A card that declines every charge (vaulted without the check that would refuse it)."""
    nonce = "fake-processor-declined-visa-nonce"
    return sandbox.vault_payment_method("reader-1", nonce, verify_card=False).token


def test_monthly_renewal(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str, webhooks: Webhooks
) -> None:
    sub = sandbox.create_subscription(token, "monthly")
    assert bill_due(runtime).charged == []  # nothing is due on the day it started
    on(clock, date(2026, 12, 21))
    assert bill_due(runtime).charged == []
    on(clock, date(2026, 12, 22))
    assert bill_due(runtime).charged == [sub.id]
    renewed = sandbox.find_subscription(sub.id)
    assert (renewed.current_billing_cycle, len(renewed.transactions)) == (2, 2)
    assert renewed.billing_period_start_date == date(2026, 12, 22)
    assert renewed.paid_through_date == date(2027, 1, 21)
    assert renewed.next_billing_date == date(2027, 1, 22)
    assert renewed.transactions[0].created_at.date() == date(2026, 12, 22)
    assert webhooks.kinds(sub.id) == [
        "subscription_went_active",
        "subscription_charged_successfully",
        "subscription_charged_successfully",
    ]


def test_advance_is_idempotent_on_a_day(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str
) -> None:
    sub = sandbox.create_subscription(token, "monthly")
    on(clock, date(2026, 12, 22))
    assert bill_due(runtime).charged == [sub.id]
    clock.advance(timedelta(hours=5))
    assert bill_due(runtime).charged == []
    assert len(sandbox.find_subscription(sub.id).transactions) == 2


def test_concurrent_runs_charge_once(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str
) -> None:
    subs = [sandbox.create_subscription(token, "monthly").id for _ in range(5)]
    on(clock, date(2026, 12, 22))
    errors: list[Exception] = []

    def run() -> None:
        try:
            bill_due(runtime)
        except OperationalError as exc:  # SQLite refuses a second writer: nothing is charged
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    bill_due(runtime)  # whatever a refused run left undone
    with runtime.sessions() as db:
        charges = db.scalar(
            select(func.count())
            .select_from(SandboxTransaction)
            .where(SandboxTransaction.billing_date == date(2026, 12, 22))
        )
    assert charges == len(subs)
    if runtime.settings.database_url.startswith("postgresql"):
        assert errors == []


def test_catching_up_charges_each_missed_cycle(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str
) -> None:
    sub = sandbox.create_subscription(token, "monthly")
    on(clock, date(2027, 3, 1))
    assert bill_due(runtime).charged == [sub.id, sub.id, sub.id]
    caught_up = sandbox.find_subscription(sub.id)
    assert caught_up.next_billing_date == date(2027, 3, 22)
    assert caught_up.current_billing_cycle == 4


def test_month_end_billing_day(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str
) -> None:
    on(clock, date(2027, 1, 31))
    sub = sandbox.create_subscription(token, "monthly")
    assert sub.billing_day_of_month == 31
    assert sub.next_billing_date == date(2027, 2, 28)
    on(clock, date(2027, 2, 28))
    bill_due(runtime)
    assert sandbox.find_subscription(sub.id).next_billing_date == date(2027, 3, 31)


def test_pending_starts_on_its_date(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str, webhooks: Webhooks
) -> None:
    start = date(2026, 12, 1)
    sub = sandbox.create_subscription(token, "biannual", first_billing_date=start)
    on(clock, date(2026, 11, 30))
    bill_due(runtime)
    assert sandbox.find_subscription(sub.id).status == "Pending"
    on(clock, start)
    assert bill_due(runtime).charged == [sub.id]
    started = sandbox.find_subscription(sub.id)
    assert (started.status, started.current_billing_cycle) == ("Active", 1)
    assert started.paid_through_date == date(2027, 5, 31)
    assert started.next_billing_date == date(2027, 6, 1)
    assert started.transactions[0].amount == Decimal("49.99")
    assert webhooks.kinds(sub.id) == [
        "subscription_went_active",
        "subscription_charged_successfully",
    ]


def test_trial_charges_nothing_until_it_ends(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str, webhooks: Webhooks
) -> None:
    sub = sandbox.create_subscription(token, "monthly-trial")
    assert (sub.status, sub.paid_through_date) == ("Active", date(2026, 11, 28))
    on(clock, date(2026, 11, 28))
    bill_due(runtime)
    assert sandbox.find_subscription(sub.id).transactions == ()
    on(clock, date(2026, 11, 29))
    bill_due(runtime)
    ended = sandbox.find_subscription(sub.id)
    assert (ended.status, ended.current_billing_cycle, len(ended.transactions)) == ("Active", 1, 1)
    # Started on the 29th: Braintree bills on the last day of each month from then on.
    assert (ended.billing_day_of_month, ended.paid_through_date) == (31, date(2026, 12, 30))
    assert webhooks.kinds(sub.id) == [
        "subscription_trial_ended",
        "subscription_charged_successfully",
    ]


def test_declined_trial_end_goes_past_due(
    sandbox: SandboxGateway,
    runtime: Runtime,
    clock: FrozenClock,
    declining: str,
    webhooks: Webhooks,
) -> None:
    sub = sandbox.create_subscription(declining, "monthly-trial")
    on(clock, date(2026, 11, 29))
    assert bill_due(runtime).declined == [sub.id]
    assert sandbox.find_subscription(sub.id).status == "Past Due"
    assert webhooks.kinds(sub.id) == [
        "subscription_trial_ended",
        "subscription_charged_unsuccessfully",
        "subscription_went_past_due",
    ]


def test_declined_renewal_then_successful_retry(
    sandbox: SandboxGateway,
    runtime: Runtime,
    clock: FrozenClock,
    token: str,
    declining: str,
    webhooks: Webhooks,
) -> None:
    sub = sandbox.create_subscription(token, "monthly")
    sandbox.update_subscription(sub.id, payment_method_token=declining)
    on(clock, date(2026, 12, 22))
    assert bill_due(runtime).declined == [sub.id]
    on(clock, date(2026, 12, 25))
    past_due = sandbox.find_subscription(sub.id)
    assert (past_due.status, past_due.failure_count, past_due.days_past_due) == ("Past Due", 1, 3)
    assert past_due.balance == past_due.transactions[0].amount == Decimal("9.99")
    assert bill_due(runtime).declined == []  # one attempt per cycle; retries are explicit

    on(clock, date(2027, 1, 22))  # the next cycle asks for both periods
    bill_due(runtime)
    owing = sandbox.find_subscription(sub.id)
    assert (owing.failure_count, owing.balance) == (2, Decimal("19.98"))
    assert owing.next_bill_amount == Decimal("29.97")

    sandbox.update_subscription(sub.id, payment_method_token=token)
    part = sandbox.retry_charge(sub.id, Decimal("5.00"))
    assert part.succeeded
    assert sandbox.find_subscription(sub.id).status == "Past Due"  # 14.98 still owed
    sandbox.retry_charge(sub.id)
    paid = sandbox.find_subscription(sub.id)
    assert (paid.status, paid.balance, paid.failure_count) == ("Active", Decimal("0.00"), 0)
    assert paid.paid_through_date == date(2027, 2, 21)
    assert webhooks.kinds(sub.id)[-2:] == [
        "subscription_went_active",
        "subscription_charged_successfully",
    ]


def test_canceled_subscriptions_are_not_charged(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str, webhooks: Webhooks
) -> None:
    sub = sandbox.create_subscription(token, "monthly")
    sandbox.cancel_subscription(sub.id)
    on(clock, date(2027, 6, 1))
    assert bill_due(runtime).charged == []
    assert webhooks.kinds(sub.id)[-1] == "subscription_canceled"


def test_expires_after_its_billing_cycles(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str, webhooks: Webhooks
) -> None:
    sub = sandbox.create_subscription(token, "two-cycles")
    assert sub.number_of_billing_cycles == 2
    on(clock, date(2026, 12, 22))
    bill_due(runtime)
    on(clock, date(2027, 1, 22))
    report = bill_due(runtime)
    assert (report.charged, report.expired) == ([], [sub.id])
    expired = sandbox.find_subscription(sub.id)
    assert (expired.status, len(expired.transactions)) == ("Expired", 2)
    assert webhooks.kinds(sub.id)[-1] == "subscription_expired"
    with pytest.raises(GatewayError, match=r"^81905"):
        sandbox.cancel_subscription(sub.id)


def test_webhooks_are_outbox_jobs(sandbox: SandboxGateway, runtime: Runtime, token: str) -> None:
    sandbox.create_subscription(token, "monthly")
    with runtime.sessions() as db:
        jobs = db.scalars(select(OutboxJob).where(OutboxJob.topic == WEBHOOK_TOPIC)).all()
    assert [sorted(job.payload) for job in jobs] == [["bt_payload", "bt_signature"]] * 2
    assert all(job.status == "pending" for job in jobs)


def test_seeding_plans_again_updates_them(
    sandbox: SandboxGateway, runtime: Runtime, token: str
) -> None:
    seed_plans(runtime.sessions, [PlanSpec("monthly", Decimal("11.00"))])
    assert sandbox.create_subscription(token, "monthly").price == Decimal("11.00")


# Runs in chunks: one transaction per chunk, resumable, safe beside another run.


class HookedClock(FrozenClock):
    """A frozen clock that calls `hook` the n-th time it is asked the time."""

    def __init__(self, at: datetime, n: int, hook: Callable[[], None]) -> None:
        super().__init__(at)
        self.reads, self.n, self.hook = 0, n, hook

    def now(self) -> datetime:
        self.reads += 1
        if self.reads == self.n:
            self.hook()
        return super().now()


class Crash(Exception):
    """The process died here."""


def renewals_on(runtime: Runtime, day: date) -> dict[str, int]:
    """Charges per subscription with that billing date."""
    with runtime.sessions() as db:
        rows = db.execute(
            select(SandboxTransaction.subscription_id, func.count())
            .where(SandboxTransaction.billing_date == day)
            .group_by(SandboxTransaction.subscription_id)
        ).all()
    return {str(sub): int(n) for sub, n in rows}


def test_a_run_in_small_chunks_bills_like_one(
    sandbox: SandboxGateway,
    runtime: Runtime,
    clock: FrozenClock,
    token: str,
    declining: str,
    webhooks: Webhooks,
) -> None:
    paying = [sandbox.create_subscription(token, "monthly").id for _ in range(4)]
    trial = sandbox.create_subscription(token, "monthly-trial").id  # ends 2026-11-29
    failing = sandbox.create_subscription(token, "monthly").id
    sandbox.update_subscription(failing, payment_method_token=declining)
    on(clock, date(2027, 1, 22))  # two cycles due for the monthly ones, two for the trial

    report = bill_due(runtime, chunk=2)

    assert sorted(report.charged) == sorted([*paying, trial] * 2)
    assert report.declined == [failing, failing]
    for sub in paying:
        renewed = sandbox.find_subscription(sub)
        assert (renewed.current_billing_cycle, len(renewed.transactions)) == (3, 3)
        assert renewed.next_billing_date == date(2027, 2, 22)
        assert webhooks.kinds(sub) == [
            "subscription_went_active",
            *["subscription_charged_successfully"] * 3,
        ]
    assert webhooks.kinds(trial) == [
        "subscription_trial_ended",
        *["subscription_charged_successfully"] * 2,
    ]
    owing = sandbox.find_subscription(failing)
    assert (owing.status, owing.failure_count, owing.balance) == ("Past Due", 2, Decimal("19.98"))
    assert webhooks.kinds(failing)[-3:] == [
        "subscription_charged_unsuccessfully",
        "subscription_went_past_due",
        "subscription_charged_unsuccessfully",
    ]


def test_a_run_that_dies_keeps_the_chunks_it_committed_and_the_next_run_resumes(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str, webhooks: Webhooks
) -> None:
    subs = [sandbox.create_subscription(token, "monthly").id for _ in range(5)]
    on(clock, date(2026, 12, 22))
    commits = 0

    def die_before_the_second_chunk_commits(session: Session) -> None:
        nonlocal commits
        commits += 1
        if commits == 3:  # 1: the run's list of what is due; 2: the first chunk
            raise Crash

    event.listen(runtime.sessions, "before_commit", die_before_the_second_chunk_commits)
    try:
        with pytest.raises(Crash):
            bill_due(runtime, chunk=2)
    finally:
        event.remove(runtime.sessions, "before_commit", die_before_the_second_chunk_commits)

    # The first chunk is wholly billed, charge, period and webhook; nothing else is.
    billed = renewals_on(runtime, date(2026, 12, 22))
    assert len(billed) == 2 and set(billed.values()) == {1}
    for sub in subs:
        state = sandbox.find_subscription(sub)
        renewals = webhooks.kinds(sub).count("subscription_charged_successfully") - 1
        if sub in billed:
            assert (state.next_billing_date, state.current_billing_cycle) == (date(2027, 1, 22), 2)
            assert (len(state.transactions), renewals) == (2, 1)
        else:
            assert (state.next_billing_date, state.current_billing_cycle) == (date(2026, 12, 22), 1)
            assert (len(state.transactions), renewals) == (1, 0)

    resumed = bill_due(runtime, chunk=2)

    assert sorted(resumed.charged) == sorted(set(subs) - set(billed))
    assert renewals_on(runtime, date(2026, 12, 22)) == dict.fromkeys(subs, 1)
    for sub in subs:
        assert webhooks.kinds(sub) == [
            "subscription_went_active",
            "subscription_charged_successfully",
            "subscription_charged_successfully",
        ]


def test_a_run_overlapping_another_bills_each_subscription_once(
    sandbox: SandboxGateway,
    runtime: Runtime,
    clock: FrozenClock,
    token: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    on(clock, date(2026, 11, 20))
    early = sandbox.create_subscription(token, "monthly").id  # due 2026-12-20
    on(clock, date(2026, 11, 22))
    others = [sandbox.create_subscription(token, "monthly").id for _ in range(3)]  # 12-22
    # A second process, two days behind: it bills only `early`.
    behind = build_process_runtime(
        runtime.settings, FrozenClock(datetime(2026, 12, 20, 9, tzinfo=UTC))
    )
    postgres = runtime.settings.database_url.startswith("postgresql")
    reports: list[CycleReport] = []
    second = threading.Thread(target=lambda: reports.append(bill_due(behind)))

    def run_the_other() -> None:
        # On PostgreSQL it skips the rows this run has locked (this run bills them); SQLite
        # locks none, so it bills `early` at once, under this run's feet.
        second.start()
        if not postgres:
            second.join()

    # Asked the time a third time, this run has listed what is due and read its first chunk
    # (`early` and one other); only then does the other run start.
    runtime.clock = HookedClock(datetime(2026, 12, 22, 9, tzinfo=UTC), 3, run_the_other)
    caplog.set_level(logging.INFO, "masthead.braintree_sandbox.cycles")
    try:
        first = bill_due(runtime, chunk=2)
        second.join()
    finally:
        behind.engine.dispose()

    assert sorted(first.charged + reports[0].charged) == sorted([early, *others])
    assert renewals_on(runtime, date(2026, 12, 20)) == {early: 1}
    assert renewals_on(runtime, date(2026, 12, 22)) == dict.fromkeys(others, 1)
    if not postgres:  # the other run billed `early` first: this one saw and skipped it
        assert (reports[0].charged, sorted(first.charged)) == ([early], sorted(others))
        assert "changed meanwhile; billing it one by one" in caplog.text
    else:  # the other run neither waited for this one's chunk nor billed it
        assert (reports[0].charged, sorted(first.charged)) == ([], sorted([early, *others]))


def test_two_runs_at_once_share_the_due_subscriptions_out(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, token: str
) -> None:
    """Two workers' periodic runs fire together: the second bills what the first is not
    billing instead of queueing behind its locks (on PostgreSQL; SQLite has one writer)."""
    if not runtime.settings.database_url.startswith("postgresql"):
        pytest.skip("row locks are PostgreSQL's: SQLite runs one writer at a time")
    on(clock, date(2026, 11, 22))
    subs = [sandbox.create_subscription(token, "monthly").id for _ in range(4)]
    at = datetime(2026, 12, 22, 9, tzinfo=UTC)
    other = build_process_runtime(runtime.settings, FrozenClock(at))
    reports: list[CycleReport] = []
    second = threading.Thread(target=lambda: reports.append(bill_due(other, chunk=2)))

    def run_the_other_to_its_end() -> None:
        second.start()
        second.join(10)  # while this run holds its first chunk's rows
        assert not second.is_alive(), "the second run waited for the first one's rows"

    # The third time it is asked the time, this run holds the rows of its first chunk.
    runtime.clock = HookedClock(at, 3, run_the_other_to_its_end)
    try:
        first = bill_due(runtime, chunk=2)
    finally:
        second.join()
        other.engine.dispose()

    ordered = sorted(subs)
    assert (sorted(first.charged), sorted(reports[0].charged)) == (ordered[:2], ordered[2:])
    assert renewals_on(runtime, date(2026, 12, 22)) == dict.fromkeys(subs, 1)
