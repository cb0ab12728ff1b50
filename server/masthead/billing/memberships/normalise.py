"""The subscription as the calls answer it, built from gateway and local data (no I/O).

Decisions where the spec is open:
- "subscription-state" is the server's spelling (status.SubscriptionState): Braintree's
  Expired is reported as "cancelled", as the spec lists only four states.
- "next-billing-time" is the next billing date at midnight UTC in ISO 8601, or null.
- "ends" is, for a cancelled subscription, the day its access ends (the paid-through date,
  else the next billing date), "YYYY-MM-DD"; null while it renews.
- "trial" is true while the subscription is in its trial (no billing cycle charged yet).
- "pendingSubscription" is, for a subscription that a pause, resume, plan switch or restart
  replaced, the pending one that will follow it (its `follows_id` chain, past successors
  cancelled since, e.g. a pause later resumed), in this same form without a
  pendingSubscription of its own; null when nothing pending follows it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from masthead.billing.catalog.plans import CENT
from masthead.billing.gateway import (
    CANCELED,
    EXPIRED,
    PENDING,
    SubscriptionInfo,
)
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.schemas import (
    AppliedDiscount,
    DateObject,
    PlanRef,
    ProductRef,
    SubscriptionOut,
    TransactionOut,
    WireState,
)
from masthead.billing.memberships.status import (
    SubscriptionFacts,
    SubscriptionState,
    normalise_state,
)

VOIDED = "voided"  # Braintree's status of a sale voided before it settled (refunds.py)

_WIRE_STATE: dict[SubscriptionState, WireState] = {
    SubscriptionState.ACTIVE: "active",
    SubscriptionState.PENDING: "pending",
    SubscriptionState.CANCELLED: "cancelled",
    SubscriptionState.PAST_DUE: "past due",
    SubscriptionState.EXPIRED: "cancelled",
}


def copy_info(row: BillingSubscription, info: SubscriptionInfo) -> None:
    """Refresh the local copy from the gateway's answer (a whole overwrite: idempotent)."""
    row.plan_id = info.plan_id
    row.status = info.status
    row.price = info.price
    row.payment_method_token = info.payment_method_token
    row.first_billing_date = info.first_billing_date
    row.next_billing_date = info.next_billing_date
    row.paid_through_date = info.paid_through_date
    row.trial_period = info.trial_period
    row.trial_duration = info.trial_duration or 0
    row.current_billing_cycle = info.current_billing_cycle
    row.transactions = [
        {
            "id": t.id,
            "amount": str(t.amount.quantize(CENT)),
            "status": t.status,
            "created_at": t.created_at.isoformat(),
            # Given back in full: refunded by a credit, or voided before it settled.
            "refunded": bool(t.refund_ids) or t.status == VOIDED,
        }
        for t in info.transactions
        if t.type == "sale"  # a refund (a credit) is not a charge of the subscription
    ]
    row.discounts = [
        {"id": d.id, "amount": str(d.amount.quantize(CENT)), "cycles": d.number_of_billing_cycles}
        for d in info.discounts
    ]
    row.updated_at = info.updated_at


def _state(row: BillingSubscription) -> SubscriptionState:
    return normalise_state(row.status)


def ends(row: BillingSubscription) -> date | None:
    if row.status not in (CANCELED, EXPIRED):
        return None
    return row.paid_through_date or row.next_billing_date


def in_trial(row: BillingSubscription) -> bool:
    return row.trial_period and row.current_billing_cycle == 0


def facts(row: BillingSubscription) -> SubscriptionFacts:
    return SubscriptionFacts(
        state=_state(row),
        plan_id=row.plan_id,
        paid_through_date=row.paid_through_date,
        next_billing_date=row.next_billing_date,
        ends=ends(row),
        has_transactions=bool(row.transactions),
        trial_duration=row.trial_duration,
    )


def _date_object(value: date | None) -> DateObject | None:
    if value is None:
        return None
    return DateObject(date=f"{value.isoformat()} 00:00:00.000000", timezone_type=3, timezone="UTC")


def pending_successors(rows: Iterable[BillingSubscription]) -> dict[str, BillingSubscription]:
    """The pending subscription that follows each replaced one, by the replaced one's id."""
    rows = list(rows)
    successor = {r.follows_id: r for r in rows if r.follows_id}
    found: dict[str, BillingSubscription] = {}
    for row in rows:
        seen = {row.id}
        after = successor.get(row.id)
        while after is not None and after.status in (CANCELED, EXPIRED) and after.id not in seen:
            seen.add(after.id)
            after = successor.get(after.id)
        if after is not None and after.status == PENDING:
            found[row.id] = after
    return found


def subscription_out(
    row: BillingSubscription, pending: BillingSubscription | None = None
) -> SubscriptionOut:
    """The normalised subscription; `pending` is the one that follows it (pending_successors)."""
    end = ends(row)
    nbd = row.next_billing_date
    return SubscriptionOut(
        id=row.id,
        subscription_state=_WIRE_STATE[_state(row)],
        external_id=row.id,
        plan_id=row.plan_id,
        next_billing_time=None if nbd is None else f"{nbd.isoformat()}T00:00:00Z",
        transaction_history=[TransactionOut(**t) for t in row.transactions],
        paid_through_date=_date_object(row.paid_through_date),
        next_billing_date=_date_object(nbd),
        ends=None if end is None else end.isoformat(),
        blaize_product=ProductRef(id=row.product_id),
        plan=PlanRef(amount=str(row.price.quantize(CENT)), id=row.plan_id, name=row.plan_name),
        trial=in_trial(row),
        discounts=[AppliedDiscount(**d) for d in row.discounts or []],
        pendingSubscription=None if pending is None else subscription_out(pending),
    )
