"""Step-up pricing: a plan's price rises on its step-up date (billing_plans.step_up_amount and
step_up_date), and "price increases are notified by email" (spec section 9).

The worker runs `run_step_ups` every CHECK_INTERVAL_SECONDS on the injected clock:
1. From STEP_UP_NOTICE_DAYS before the date, each live subscription (active, pending, past
   due) on the plan gets one notice mail. Its billing_step_up_changes row and the mail are
   written in one transaction; the row's primary key (subscription, step-up date) refuses a
   second one, so two workers at the same moment send one mail.
2. From the date on, each of them gets the new price at the gateway (update_subscription:
   Braintree charges it from the next billing date on) and its local copy is refreshed. A
   worker claims a row for CLAIM before calling the gateway, so only one calls; a worker
   that dies mid-call leaves the claim to lapse, and setting the same price again is
   harmless. A refusal (the gateway is down; Braintree refuses price changes while a
   subscription is past due) is recorded on the row and retried on the next run; the other
   subscriptions go on.

Decisions where the spec is open:
- A subscription already at the new price needs neither a notice nor a change; its row is
  marked applied.
- A subscription that starts on the plan after the notice window opens is notified on the
  next run, even after the date (the mail then says the price has changed), and never has
  its price changed before its notice was written.
- Cancelled subscriptions are left alone: they will not be charged again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy.exc import IntegrityError

from masthead.billing.catalog import repository as catalog_repository
from masthead.billing.catalog.models import BillingPlan
from masthead.billing.catalog.plans import format_usd
from masthead.billing.gateway import ACTIVE, PAST_DUE, PENDING, GatewayError
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.memberships import repository
from masthead.billing.memberships.models import BillingSubscription, StepUpChange
from masthead.billing.memberships.normalise import copy_info
from masthead.billing.memberships.schemas import PriceChange
from masthead.deps import Runtime
from masthead.identity.api import read_profile
from masthead.mail.api import send_mail

log = logging.getLogger(__name__)

STEP_UP_NOTICE_DAYS = 30
CHECK_INTERVAL_SECONDS = 3600.0
CLAIM = timedelta(minutes=5)  # longer than any gateway call
LIVE = (ACTIVE, PENDING, PAST_DUE)
SUBJECT = "Your membership price is changing"
MEMBERSHIP_PAGE = "/account/settings/membership"
PER_INTERVAL = {1: "a month", 6: "every six months", 12: "a year"}


@dataclass(frozen=True)
class StepUp:
    plan_id: str
    plan_name: str
    frequency: int
    amount: Decimal
    day: date


@dataclass
class StepUpReport:
    noticed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def long_date(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def notice_text(step: StepUp, old: Decimal, name: str, today: date, link: str) -> str:
    new = f"{format_usd(step.amount)} {PER_INTERVAL.get(step.frequency, 'a billing period')}"
    if step.day > today:
        change = (
            f"the price of your {step.plan_name} sports membership changes from "
            f"{format_usd(old)} to {new} on {long_date(step.day)}. Charges from that day on "
            "are at the new price."
        )
    else:
        change = (
            f"the price of your {step.plan_name} sports membership changed from "
            f"{format_usd(old)} to {new} on {long_date(step.day)}. Your next charge is at "
            "the new price."
        )
    return (
        f"Hello{' ' + name if name else ''},\n\nWe are writing to let you know that {change} "
        "You don't need to do anything to keep your membership.\n\n"
        f"You can change your plan or cancel on your membership page: {link}\n"
    )


def upcoming(plan: BillingPlan | None, row: BillingSubscription, today: date) -> PriceChange | None:
    """The membership page's "Your price changes to $X on <date>." for a renewing one."""
    if plan is None or plan.step_up_amount is None or plan.step_up_date is None:
        return None
    if row.status not in LIVE or plan.step_up_date <= today or row.price == plan.step_up_amount:
        return None
    return PriceChange(amount=str(plan.step_up_amount), date=plan.step_up_date.isoformat())


def run_step_ups(runtime: Runtime) -> None:
    """The worker's periodic hook (see the module docstring)."""
    step_up_once(runtime)


def step_up_once(runtime: Runtime) -> StepUpReport:
    """One run: the notices and price changes due today; what it did."""
    today = runtime.clock.now().date()
    report = StepUpReport()
    for step in _steps_in_window(runtime, today):
        _notify(runtime, step, today, report)
        if today >= step.day:
            _apply(runtime, step, report)
    if report.noticed or report.changed or report.failed:
        log.info(
            "step-up prices: %s notices, %s changed, %s failed (retried next run)",
            len(report.noticed),
            len(report.changed),
            len(report.failed),
        )
    return report


def _steps_in_window(runtime: Runtime, today: date) -> list[StepUp]:
    """Plans (enabled or not: their subscriptions still renew) whose notice window is open."""
    with runtime.sessions() as db:
        plans = catalog_repository.plans_stepping_up(
            db, today + timedelta(days=STEP_UP_NOTICE_DAYS)
        )
        return [
            StepUp(p.id, p.name, p.frequency, p.step_up_amount, p.step_up_date)
            for p in plans
            if p.step_up_amount is not None and p.step_up_date is not None
        ]


def _notify(runtime: Runtime, step: StepUp, today: date, report: StepUpReport) -> None:
    with runtime.sessions() as db:
        targets = repository.step_up_unnoticed(db, step.plan_id, step.day, LIVE)
    link = runtime.settings.public_url.rstrip("/") + MEMBERSHIP_PAGE
    for subscription_id, price, email, attributes in targets:
        now = runtime.clock.now()
        same = price == step.amount
        try:
            with runtime.sessions.begin() as db:
                db.add(
                    StepUpChange(
                        subscription_id=subscription_id,
                        step_up_date=step.day,
                        plan_id=step.plan_id,
                        amount=step.amount,
                        notice_sent_at=None if same else now,
                        applied_at=now if same else None,
                    )
                )
                db.flush()  # the primary key decides which worker sends the notice
                if not same:
                    name = str(read_profile(attributes).get("first-name") or "").strip()
                    text = notice_text(step, price, name, today, link)
                    send_mail(db, runtime.clock, to=email, subject=SUBJECT, text=text)
        except IntegrityError:
            continue  # another worker wrote this notice
        if not same:
            report.noticed.append(subscription_id)


def _apply(runtime: Runtime, step: StepUp, report: StepUpReport) -> None:
    now = runtime.clock.now()
    with runtime.sessions() as db:
        due = repository.step_ups_to_apply(db, step.plan_id, step.day, now, LIVE)
    gw = gateway_of(runtime)
    for subscription_id in due:
        if not _claim(runtime, subscription_id, step.day):
            continue  # another worker has it
        try:
            info = gw.update_subscription(subscription_id, price=step.amount)
        except GatewayError as exc:
            _record(runtime, subscription_id, step.day, {"last_error": exc.message[:500]})
            log.warning("step-up price of %s not changed: %s", subscription_id, exc.message)
            report.failed.append(subscription_id)
            continue
        with runtime.sessions.begin() as db:
            row = repository.subscription(db, subscription_id)
            if row is not None:
                copy_info(row, info)
            repository.mark_step_up(
                db, subscription_id, step.day, {"applied_at": runtime.clock.now()}
            )
        report.changed.append(subscription_id)


def _claim(runtime: Runtime, subscription_id: str, day: date) -> bool:
    """Take the row for one gateway call; the UPDATE's condition is the lock."""
    now = runtime.clock.now()
    with runtime.sessions.begin() as db:
        return repository.claim_step_up(db, subscription_id, day, now, now + CLAIM)


def _record(runtime: Runtime, subscription_id: str, day: date, values: dict[str, Any]) -> None:
    with runtime.sessions.begin() as db:
        repository.mark_step_up(db, subscription_id, day, values)
