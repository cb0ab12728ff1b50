"""The recurring billing engine: `advance(runtime)` runs every billing cycle that is due.

The background worker calls it (daily, or as often as it likes): each subscription whose
next_billing_date has come is charged once per cycle, in its own transaction, locked, and
re-checked after the lock, so a second call on the same day, or a second process, charges
nothing more. A unique (subscription, billing date) on charges backs that up.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from masthead.billing.gateway import ACTIVE, EXPIRED
from masthead.billing.sandbox import charges, repository, views, webhooks
from masthead.billing.sandbox.context import Ctx
from masthead.billing.sandbox.models import SandboxSubscription
from masthead.billing.sandbox.subscriptions import advance_period
from masthead.deps import Runtime

log = logging.getLogger(__name__)

MAX_CYCLES_PER_RUN = 120  # catching up after a long pause, ten years of monthly cycles


@dataclass
class CycleReport:
    charged: list[str] = field(default_factory=list)  # subscription ids, one per cycle
    declined: list[str] = field(default_factory=list)
    expired: list[str] = field(default_factory=list)


def advance(runtime: Runtime) -> CycleReport:
    report = CycleReport()
    with runtime.sessions.begin() as db:
        due = repository.due_subscription_ids(db, runtime.clock.now().date())
    for subscription_id in due:
        done = CycleReport()
        try:
            with runtime.sessions.begin() as db:
                ctx = Ctx.at_clock(db, runtime.clock, runtime.settings)
                sub = repository.subscription(db, subscription_id, lock=True)
                for _ in range(MAX_CYCLES_PER_RUN):
                    if sub is None or not _due(sub, ctx):
                        break
                    _run_cycle(ctx, sub, done)
        except (IntegrityError, StaleDataError):
            # A concurrent run billed this subscription first (SQLite locks no rows, so the
            # version check or the one-charge-per-billing-date rule refused this one).
            log.info("billing cycle of %s already run elsewhere", subscription_id)
            continue
        report.charged += done.charged
        report.declined += done.declined
        report.expired += done.expired
    return report


def _due(sub: SandboxSubscription, ctx: Ctx) -> bool:
    return (
        sub.status in repository.LIVE_STATUSES
        and sub.next_billing_date is not None
        and sub.next_billing_date <= ctx.today
    )


def _run_cycle(ctx: Ctx, sub: SandboxSubscription, report: CycleReport) -> None:
    assert sub.next_billing_date is not None
    if sub.number_of_billing_cycles is not None and (
        sub.current_billing_cycle >= sub.number_of_billing_cycles
    ):
        sub.status = EXPIRED
        sub.updated_at = ctx.now
        ctx.db.flush()
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
