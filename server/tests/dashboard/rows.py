"""Known rows for the dashboard's tests, written through the ORM as billing writes them: a
subscription is stored with its first status, then each later status is set and flushed, so
billing's status history records every change as it would in production."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.api import BillingSubscription
from masthead.identity.repository import add_user


def at(day: str, hour: int = 12) -> datetime:
    """A UTC moment on an ISO day."""
    return datetime.combine(date.fromisoformat(day), datetime.min.time(), UTC).replace(hour=hour)


def reader(db: Session, email: str) -> int:
    user = add_user(db, email, None, verified=True, attributes={}, now=at("2025-01-01"))
    db.flush()
    return user.id


def subscription(
    db: Session,
    user_id: int,
    sid: str,
    created: str,
    statuses: Sequence[tuple[str, str]] = (),
    *,
    first: str = "Active",
    plan: str = "sports-monthly",
    trial: int = 0,
    paid_through: str | None = None,
    first_billing: str | None = None,
    next_billing: str | None = None,
    transactions: list[dict[str, Any]] | None = None,
    cancel_reason: str = "",
    follows: str | None = None,
    converted: str | None = None,
) -> BillingSubscription:
    """A subscription made on `created` with status `first`, then each (day, status)."""
    day = date.fromisoformat
    row = BillingSubscription(
        id=sid,
        user_id=user_id,
        plan_id=plan,
        plan_name=plan,
        product_id="sports-membership",
        status=first,
        price=Decimal("4.99"),
        payment_method_token="tok",
        first_billing_date=day(first_billing) if first_billing else None,
        next_billing_date=day(next_billing) if next_billing else None,
        paid_through_date=day(paid_through) if paid_through else None,
        trial_period=trial > 0,
        trial_duration=trial,
        current_billing_cycle=0,
        transactions=transactions or [],
        discounts=[],
        cancel_reason=cancel_reason,
        cancel_reason_text="",
        follows_id=follows,
        converted_at=at(converted) if converted else None,
        created_at=at(created),
        updated_at=at(created),
    )
    db.add(row)
    db.flush()
    for when, status in statuses:
        row.status = status
        row.updated_at = at(when)
        db.flush()
    return row


def charge(
    amount: str, status: str, when: str, *, refunded: bool | None = False, tid: str = ""
) -> dict[str, Any]:
    """One entry of a subscription's copy of its charges (normalise.copy_info's shape)."""
    entry: dict[str, Any] = {
        "id": tid or f"t-{when}-{amount}",
        "amount": amount,
        "status": status,
        "created_at": when,
    }
    if refunded is not None:
        entry["refunded"] = refunded
    return entry
