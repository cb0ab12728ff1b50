"""The recurring billing engine: `advance(sessions, clock, settings)` runs every billing cycle
that is due.

The background worker calls it (daily, or as often as it likes): each subscription whose
next_billing_date has come is charged once per cycle, locked, and re-checked after the lock,
so a second call on the same day, or a second process, charges nothing more. A unique
(subscription, billing date) on charges backs that up.

Due subscriptions are billed in chunks, one transaction each: the chunk's rows are read with
one query per kind and its writes leave in one flush, instead of a dozen round trips per
subscription. A run that dies mid-way, or stops on an error, keeps the chunks it committed,
each subscription in them wholly billed (charge, new period, webhooks); the failed chunk rolls
back whole, and it and the rest stay due for the next run.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from masthead.billing.api import ACTIVE, EXPIRED, WEBHOOK_TOPIC
from masthead.braintree_sandbox import charges, repository, views, webhooks
from masthead.braintree_sandbox.context import Batch, Ctx
from masthead.braintree_sandbox.models import SandboxSubscription
from masthead.braintree_sandbox.subscriptions import advance_period
from masthead.clock import Clock
from masthead.jobs.api import enqueue_many
from masthead.settings import Settings

log = logging.getLogger(__name__)

MAX_CYCLES_PER_RUN = 120  # catching up after a long pause, ten years of monthly cycles
# Subscriptions per transaction: big enough that the per-statement cost vanishes, small
# enough that the rows stay locked (on PostgreSQL) for a fraction of a second.
CHUNK = 200


@dataclass
class CycleReport:
    charged: list[str] = field(default_factory=list)  # subscription ids, one per cycle
    declined: list[str] = field(default_factory=list)
    expired: list[str] = field(default_factory=list)

    def add(self, other: CycleReport) -> None:
        self.charged += other.charged
        self.declined += other.declined
        self.expired += other.expired


def advance(
    sessions: sessionmaker[Session], clock: Clock, settings: Settings, chunk: int = CHUNK
) -> CycleReport:
    report = CycleReport()
    with sessions.begin() as db:
        due = repository.due_subscription_ids(db, clock.now().date())
    for start in range(0, len(due), chunk):
        ids = due[start : start + chunk]
        try:
            report.add(_bill(sessions, clock, settings, ids))
        except (IntegrityError, StaleDataError):
            # A concurrent run billed one of them first (SQLite locks no rows, so the version
            # check or the one-charge-per-billing-date rule refused this chunk): bill the
            # chunk again one by one, so that only what the other run billed is skipped.
            log.info("billing chunk of %s changed meanwhile; billing it one by one", len(ids))
            for subscription_id in ids:
                try:
                    report.add(_bill(sessions, clock, settings, [subscription_id]))
                except (IntegrityError, StaleDataError):
                    log.info("billing cycle of %s already run elsewhere", subscription_id)
    if report.charged or report.declined or report.expired:
        log.info(
            "sandbox billing cycle: %s charged, %s declined, %s expired",
            len(report.charged),
            len(report.declined),
            len(report.expired),
        )
    return report


def _bill(
    sessions: sessionmaker[Session], clock: Clock, settings: Settings, ids: Sequence[str]
) -> CycleReport:
    """Every due cycle of these subscriptions, in one transaction; reported once committed."""
    done = CycleReport()
    with sessions.begin() as db:
        today = clock.now().date()
        locked = repository.lock_subscriptions(db, ids)
        subs = [
            sub
            for sub in (locked.get(i) for i in ids)
            if sub is not None and _due(sub, today)  # re-checked: another run may have billed it
        ]
        batch = _preload(db, subs)
        for sub in subs:
            ctx = Ctx.at_clock(db, clock, settings, batch)
            for _ in range(MAX_CYCLES_PER_RUN):
                if not _due(sub, ctx.today):
                    break
                _run_cycle(ctx, sub, done)
        repository.save_subscriptions(db, subs)
        repository.insert_transactions(db, batch.new_transactions)
        enqueue_many(db, clock, WEBHOOK_TOPIC, batch.webhooks)
    return done


def _preload(db: Session, subs: Sequence[SandboxSubscription]) -> Batch:
    ids = [sub.id for sub in subs]
    batch = Batch(
        payment_methods={
            m.token: m
            for m in repository.payment_methods_by_token(db, (s.payment_method_token for s in subs))
        },
        discounts={i: [] for i in ids},
        transactions={i: [] for i in ids},
    )
    for discount in repository.discounts_of(db, ids):
        batch.discounts[discount.subscription_id].append(discount)
    for row in repository.transactions_of(db, ids):
        assert row.subscription_id is not None
        batch.transactions[row.subscription_id].append(row)
    return batch


def _due(sub: SandboxSubscription, today: date) -> bool:
    return (
        sub.status in repository.LIVE_STATUSES
        and sub.next_billing_date is not None
        and sub.next_billing_date <= today
    )


def _run_cycle(ctx: Ctx, sub: SandboxSubscription, report: CycleReport) -> None:
    assert sub.next_billing_date is not None
    if sub.number_of_billing_cycles is not None and (
        sub.current_billing_cycle >= sub.number_of_billing_cycles
    ):
        sub.status = EXPIRED
        sub.updated_at = ctx.now
        ctx.flush()
        webhooks.notify(ctx, "subscription_expired", views.subscription(ctx, sub))
        report.expired.append(sub.id)
        return
    trial_ends = sub.trial_period and sub.current_billing_cycle == 0 and sub.status == ACTIVE
    if trial_ends:
        webhooks.notify(ctx, "subscription_trial_ended", views.subscription(ctx, sub))
    owed = views.cycle_amount(ctx, sub, sub.current_billing_cycle + 1) + sub.balance
    billing_date = sub.next_billing_date
    row = (
        charges.charge(ctx, sub.payment_method_token, owed, sub.id, billing_date) if owed else None
    )
    advance_period(sub)  # the period moves on whether or not it was paid for
    if charges.succeeded(row):
        charges.settle_paid(ctx, sub)
        report.charged.append(sub.id)
    else:
        charges.settle_unpaid(ctx, sub, owed)
        report.declined.append(sub.id)
