"""What the membership answer says of periods and plans across a reader's subscriptions (no I/O).

A plan change, a resume and a restart each cancel one subscription and start another, so
the account area cannot read "which plan, until when" off one subscription:
- after Six Months -> Annual and a cancel, the reader's latest choice is the cancelled
  Annual (never started) while their access comes from the cancelled Six Months;
- after a resume or a restart, a pending subscription on the same plan follows the paid
  one: the plan does not change, only the subscription does;
- a restarted free trial leaves the trial running on the cancelled subscription.

Dates are calendar days: paid_through_date is the last day paid for, next_billing_date the
day of the next charge (so a trial's last free day is the day before it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from masthead.billing.gateway import CANCELED, EXPIRED, PENDING
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import ends, in_trial


def trial_until(row: BillingSubscription) -> date | None:
    """The last free day of a subscription still in its trial, else None."""
    if row.status == EXPIRED or not in_trial(row) or row.next_billing_date is None:
        return None
    return row.next_billing_date - timedelta(days=1)


def _covered_until(row: BillingSubscription) -> date | None:
    """The last day this subscription gives access for: paid for, or free in its trial."""
    return row.paid_through_date or trial_until(row)


def access_until(rows: Sequence[BillingSubscription], today: date) -> date | None:
    """The last day a cancelled membership still gives access (None if none is left)."""
    days = [
        day
        for r in rows
        if r.status in (CANCELED, EXPIRED)
        for day in [_covered_until(r)]
        if day is not None and day >= today
    ]
    return max(days, default=None)


def still_running_cancelled(
    rows: Sequence[BillingSubscription], today: date
) -> list[BillingSubscription]:
    """Cancelled subscriptions to show while access lasts, the reader's latest choice first:
    a cancelled plan change is shown, not the plan it replaced, nor a pause it ended (whose
    restart date lies further ahead). Each change creates a new subscription, so the newest
    is the latest choice; rows created together keep their given order."""
    last_day = access_until(rows, today)
    if last_day is None or last_day <= today:
        return []
    shown = [r for r in rows if r.status == CANCELED and (ends(r) or today) > today]
    return sorted(shown, key=lambda r: r.created_at, reverse=True)


@dataclass(frozen=True)
class Periods:
    """accessUntil, freeTrialUntil and planChangeDate of the membership answer."""

    access_until: date | None
    free_trial_until: date | None
    plan_change_date: date | None


def fields(
    rows: Sequence[BillingSubscription], shown: BillingSubscription | None, today: date
) -> Periods:
    """The periods across the reader's subscriptions; `shown` is activeSubscription's row."""
    covering = [
        r
        for r in rows
        if r is not shown and (day := _covered_until(r)) is not None and day >= today
    ]
    trial = max((d for r in rows for d in [trial_until(r)] if d and d >= today), default=None)
    change = None
    # A pending subscription on another plan than the one paid for now: a plan change.
    changing = shown is not None and shown.status == PENDING and bool(covering)
    if shown is not None and changing and covering[0].plan_id != shown.plan_id:
        change = shown.first_billing_date or shown.next_billing_date
    return Periods(access_until(rows, today), trial, change)
