"""Every change of a subscription's status, kept: the history behind the staff dashboard's
"members by status over time" (a subscription row holds only its status now).

Written in the transaction of the change by SQLAlchemy's mapper events on
BillingSubscription. Every path that stores a status (subscribe, sync, the webhook handler,
the changes' saga, retries, refunds, home delivery, ...) sets it through
normalise.copy_info and flushes the row, so one hook sees them all, paths added later too,
and none of them has to remember to call it. A new subscription's first status is recorded
at its created_at; a changed one at its updated_at, the gateway's time of the change (a
webhook handled late still dates it right). Append-only: nothing updates or deletes a row
(the reader's deletion cascades). Migration 0019 backfilled the rows that existed before.

`facts_as_of` rebuilds what status resolution needs to know of a subscription on a past day
from its status that day, so the account status then comes from status.resolve_status, the
one derivation:
- Active that day: in good standing (paid through that day). A renewal that fails makes the
  subscription Past Due at the gateway, a change recorded here, so Active was paid for.
- Cancelled or expired: its paid-through date now is the one it had then (a cancelled
  subscription is not charged again; a refund leaves the date alone).
- Pending: not started; it starts on its first billing date.
- Charges: those dated on or before that day.
The profile's pause flag has no history: paused readers count as their subscriptions say.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, Integer, String, event, insert, inspect
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Mapped, Mapper, mapped_column

from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.status import (
    SubscriptionFacts,
    SubscriptionState,
    normalise_state,
)
from masthead.db import Base, UTCDateTime

_ENDED = (SubscriptionState.CANCELLED, SubscriptionState.EXPIRED)


class MembershipStatusChange(Base):
    """A subscription's status (Braintree's string) from `changed_at` on."""

    __tablename__ = "membership_status_changes"
    # A subscription's status on a day: its last change before then.
    __table_args__ = (
        Index(
            "ix_membership_status_changes_subscription_id_changed_at",
            "subscription_id",
            "changed_at",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    subscription_id: Mapped[str] = mapped_column(
        ForeignKey("billing_subscriptions.id", ondelete="CASCADE")
    )
    status: Mapped[str] = mapped_column(String(16))
    changed_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


def _record(connection: Connection, row: BillingSubscription, at: datetime) -> None:
    connection.execute(
        insert(MembershipStatusChange).values(
            subscription_id=row.id, status=row.status, changed_at=at
        )
    )


@event.listens_for(BillingSubscription, "after_insert")
def _first_status(_mapper: Mapper[Any], connection: Connection, row: BillingSubscription) -> None:
    _record(connection, row, row.created_at)


@event.listens_for(BillingSubscription, "after_update")
def _changed_status(_mapper: Mapper[Any], connection: Connection, row: BillingSubscription) -> None:
    # The attribute's history still holds the old value until the flush ends; setting the
    # same status again is no change.
    if not inspect(row).attrs.status.history.has_changes():
        return
    at = row.updated_at if row.updated_at and row.updated_at > row.created_at else row.created_at
    _record(connection, row, at)


def first_charge_day(transactions: list[dict[str, Any]] | None) -> date | None:
    """The day of the subscription's first charge (any outcome), from the copy's list."""
    days = [
        datetime.fromisoformat(str(t["created_at"])).date()
        for t in transactions or []
        if t.get("created_at")
    ]
    return min(days, default=None)


def facts_as_of(row: BillingSubscription, status: str, day: date) -> SubscriptionFacts:
    """What resolve_status needs of `row` on `day`, when its status was `status` (see the
    module docstring)."""
    state = normalise_state(status)
    first_charge = first_charge_day(row.transactions)
    charged = first_charge is not None and first_charge <= day
    paid_through: date | None = row.paid_through_date
    next_billing: date | None = row.next_billing_date
    if state is SubscriptionState.ACTIVE:
        paid_through = day
    elif state is SubscriptionState.PENDING:
        paid_through, next_billing = None, row.first_billing_date
    return SubscriptionFacts(
        state=state,
        plan_id=row.plan_id,
        paid_through_date=paid_through,
        next_billing_date=next_billing,
        ends=(paid_through or next_billing) if state in _ENDED else None,
        has_transactions=charged,
        trial_duration=row.trial_duration or 0,
    )
