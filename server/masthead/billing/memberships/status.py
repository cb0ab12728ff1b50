"""Account status resolution from a reader's subscriptions (spec section 4). Pure: no I/O.

The server computes the status once (`resolve_status`); every guard and screen uses it.
Time comes in as an argument: `today` is the UTC calendar date of the injected clock.

Decisions where the spec is open:
- Braintree's states map onto the server's (`normalise_state`): Active -> active, Pending ->
  pending, Canceled -> cancelled, Past Due -> past due. Expired is kept as its own fact,
  "expired": it counts as cancelled but never as paid ahead, whatever its dates say.
- Money decides, never a date a reader chose: a member-like status needs a settled
  payment whose paid-through date covers today, or a running trial. A next billing date is
  only when the gateway will try to charge, so it never makes anyone paid:
  - an active subscription counts as Active only "in good standing" (`in_good_standing`):
    paid through today or later, in a running trial, or while its next charge is due
    (`charge_due`: since that billing date, at most CHARGE_GRACE_DAYS ago). The gateway
    charges on the billing date and makes the subscription Past Due if the charge fails; the
    grace covers its billing run (in the merchant's time zone, which may end after the UTC
    day) and the webhook that brings the result. Any other active copy is treated as past
    due: the period it was paid for is over.
  - a pending subscription never entitles by itself (rule 3 below);
  - Cancelled_Active needs a paid-through date in the future: the spec's "future next billing
    date and an end" alternative of rule 5 is dropped (a subscription scheduled far ahead and
    cancelled before its first charge would otherwise read as paid until then).
- "Paid through a future date" is strict: a subscription paid through today is not paid
  ahead (Braintree's paid-through date is the day the paid period ends; the next day is the
  first unpaid one, and the spec says "future").
- Rule 3 (no active subscription in good standing, at least one pending) is decided in this
  order:
  a. pause feature on and profile paused -> Active_Paused when a cancelled subscription is
     paid through today or later, else Paused. A pause cancels the running subscription and
     starts a new one later, so the reader is paused but still paid up to the end of the
     cancelled period, its last day included.
  b. a cancelled subscription still paid (paid_through_date after today) -> Active_Pending.
  c. pause feature on ("the flag"), a pending subscription's plan equals the profile's
     current plan, and it continues a cancelled subscription paid through today -> Active
     (a resumed membership whose new subscription starts tomorrow). From its first billing
     date, the day after the predecessor's paid-through date, it still reads Active while
     that first charge is due (`charge_due`), as a renewal does.
  d. otherwise Pending: a subscription that has not been paid for, whatever its start date.
  Only paid_through_date counts as "still paid" in rule 3, as the spec words it.
- The profile's pause flag alone never gives a paused status with the feature off.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum

from masthead.identity.api import HOME_DELIVERY_PRODUCT_ID

# Days after a billing date that a charge the gateway has not reported yet is still "due"
# rather than missed (module docstring).
CHARGE_GRACE_DAYS = 1


class SubscriptionState(StrEnum):
    ACTIVE = "active"
    PENDING = "pending"
    CANCELLED = "cancelled"
    PAST_DUE = "past due"
    EXPIRED = "expired"  # Braintree's Expired: cancelled, nothing paid ahead


class AccountStatus(StrEnum):
    """The derived statuses, with the exact strings clients see."""

    NONE = "None"
    ACTIVE = "Active"
    ACTIVE_PENDING = "Active_Pending"
    CANCELLED_ACTIVE = "Cancelled_Active"
    CANCELED = "Canceled"
    PAST_DUE = "Past Due"
    PAUSED = "Paused"
    ACTIVE_PAUSED = "Active_Paused"
    PENDING = "Pending"


MEMBER_LIKE = frozenset(
    {
        AccountStatus.ACTIVE,
        AccountStatus.CANCELLED_ACTIVE,
        AccountStatus.ACTIVE_PENDING,
        AccountStatus.ACTIVE_PAUSED,
    }
)
PAUSED = frozenset({AccountStatus.PAUSED, AccountStatus.ACTIVE_PAUSED})
CANCELLED = frozenset({AccountStatus.CANCELLED_ACTIVE, AccountStatus.CANCELED})

_STATE_SPELLINGS = {
    "active": SubscriptionState.ACTIVE,
    "pending": SubscriptionState.PENDING,
    "cancelled": SubscriptionState.CANCELLED,
    "canceled": SubscriptionState.CANCELLED,
    "past due": SubscriptionState.PAST_DUE,
    "past_due": SubscriptionState.PAST_DUE,
    "expired": SubscriptionState.EXPIRED,
}


def normalise_state(raw: str) -> SubscriptionState:
    """The state of a server or Braintree subscription ("Canceled", "Past Due", ...)."""
    state = _STATE_SPELLINGS.get(raw.strip().lower()) if isinstance(raw, str) else None
    if state is None:
        raise ValueError(f"The subscription-state field is invalid: {raw!r}.")
    return state


def utc_day(value: date) -> date:
    """Dates stay; date-times become their UTC calendar date (naive ones are taken as UTC)."""
    if isinstance(value, datetime):
        return (value.astimezone(UTC) if value.tzinfo else value).date()
    return value


def _as_day(value: date | None) -> date | None:
    return None if value is None else utc_day(value)


@dataclass(frozen=True)
class SubscriptionFacts:
    """What status resolution needs to know about one subscription."""

    state: SubscriptionState
    plan_id: str
    paid_through_date: date | None = None
    next_billing_date: date | None = None
    ends: date | None = None
    has_transactions: bool = False
    trial_duration: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "state", normalise_state(self.state))
        for name in ("paid_through_date", "next_billing_date", "ends"):
            object.__setattr__(self, name, _as_day(getattr(self, name)))
        if self.trial_duration < 0:
            raise ValueError("The trial_duration field is invalid.")


def is_new(subscription: SubscriptionFacts) -> bool:
    """No transaction history and no paid-through date: nothing has been charged yet."""
    return not subscription.has_transactions and subscription.paid_through_date is None


def has_trial(subscription: SubscriptionFacts) -> bool:
    return subscription.trial_duration > 0


def sort_date(subscription: SubscriptionFacts) -> date | None:
    """The date a subscription is ordered by: ends, else paid-through, else next billing."""
    return subscription.ends or subscription.paid_through_date or subscription.next_billing_date


def sort_subscriptions(subscriptions: Iterable[SubscriptionFacts]) -> list[SubscriptionFacts]:
    """Newest first by `sort_date`; subscriptions without any date come last.

    The sort is stable: equal dates keep their input order.
    """
    items = list(subscriptions)
    dated = [s for s in items if sort_date(s) is not None]
    undated = [s for s in items if sort_date(s) is None]
    dated.sort(key=lambda s: sort_date(s) or date.min, reverse=True)
    # reverse=True keeps equal keys in input order (Python's sort stays stable).
    return dated + undated


def _paid_through(subscription: SubscriptionFacts, today: date) -> bool:
    """Cancelled (not expired) and paid through today or later."""
    return (
        subscription.state is SubscriptionState.CANCELLED
        and subscription.paid_through_date is not None
        and subscription.paid_through_date >= today
    )


def _paid_through_future(subscription: SubscriptionFacts, today: date) -> bool:
    return _paid_through(subscription, today) and subscription.paid_through_date != today


def is_cancelled_active(subscription: SubscriptionFacts, today: date) -> bool:
    """Cancelled but paid through a future date. A next billing date never counts: it is when
    the gateway would have charged, not something paid for."""
    return _paid_through_future(subscription, today)


def in_running_trial(subscription: SubscriptionFacts, today: date) -> bool:
    """Active in its free trial: a trial, nothing charged yet, and its end (the first billing
    date) not passed."""
    return (
        subscription.state is SubscriptionState.ACTIVE
        and has_trial(subscription)
        and not subscription.has_transactions
        and subscription.next_billing_date is not None
        and subscription.next_billing_date >= today
    )


def charge_due(subscription: SubscriptionFacts, today: date) -> bool:
    """Its billing date has come, at most CHARGE_GRACE_DAYS ago: the gateway charges it (or
    makes it Past Due) and we may not have heard yet."""
    billing = subscription.next_billing_date
    return billing is not None and today - timedelta(days=CHARGE_GRACE_DAYS) <= billing <= today


def in_good_standing(subscription: SubscriptionFacts, today: date) -> bool:
    """An active subscription that entitles today: paid through today or later, in a running
    trial, or while its next charge is due (see the module docstring)."""
    if subscription.state is not SubscriptionState.ACTIVE:
        return False
    paid = subscription.paid_through_date
    return (
        (paid is not None and paid >= today)
        or in_running_trial(subscription, today)
        or charge_due(subscription, today)
    )


def _continues_paid_membership(
    pending: SubscriptionFacts, subscriptions: list[SubscriptionFacts], today: date
) -> bool:
    """A pending successor of a cancelled subscription paid through today, or of one paid
    through the day before its own first charge while that charge is due (rule 3c)."""
    due = charge_due(pending, today)
    return any(
        _paid_through(s, today)
        or (
            due
            and s.state is SubscriptionState.CANCELLED
            and s.paid_through_date is not None
            and s.paid_through_date + timedelta(days=1) == pending.next_billing_date
        )
        for s in subscriptions
    )


def resolve_status(
    subscriptions: Iterable[SubscriptionFacts],
    *,
    today: date,
    pause_feature_enabled: bool = False,
    profile_paused: bool = False,
    current_plan: str | None = None,
) -> AccountStatus:
    """The account status, by the spec's resolution order (see the module docstring)."""
    day = utc_day(today)
    subs = list(subscriptions)
    paused = pause_feature_enabled and profile_paused

    def having(state: SubscriptionState) -> list[SubscriptionFacts]:
        return [s for s in subs if s.state is state]

    if not subs:
        return AccountStatus.NONE
    active = having(SubscriptionState.ACTIVE)
    if any(in_good_standing(s, day) for s in active):
        return AccountStatus.ACTIVE_PAUSED if paused else AccountStatus.ACTIVE
    pending = having(SubscriptionState.PENDING)
    if pending:
        if paused:
            paid_today = any(_paid_through(s, day) for s in subs)
            return AccountStatus.ACTIVE_PAUSED if paid_today else AccountStatus.PAUSED
        still_paid = any(_paid_through_future(s, day) for s in subs)
        if still_paid:
            return AccountStatus.ACTIVE_PENDING
        if (
            pause_feature_enabled
            and current_plan
            and any(
                s.plan_id == current_plan and _continues_paid_membership(s, subs, day)
                for s in pending
            )
        ):
            return AccountStatus.ACTIVE
        return AccountStatus.PENDING
    # An active copy whose paid period is over counts as past due (module docstring).
    if active or having(SubscriptionState.PAST_DUE):
        return AccountStatus.PAST_DUE
    if any(is_cancelled_active(s, day) for s in subs):
        return AccountStatus.CANCELLED_ACTIVE
    return AccountStatus.CANCELED


def is_member(status: str, products: Collection[str] = ()) -> bool:
    """Member for guards: a member-like status, or a home-delivery reader."""
    return status in MEMBER_LIKE or HOME_DELIVERY_PRODUCT_ID in products


def should_auto_unpause(profile_paused: bool, status: str, pausing_enabled: bool) -> bool:
    """The profile says paused, the subscriptions do not, and pausing is on: unpause it."""
    return profile_paused and pausing_enabled and status not in PAUSED
