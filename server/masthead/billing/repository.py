"""Every billing query."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

from sqlalchemy import exists, or_, select, update
from sqlalchemy.orm import Session

from masthead.billing.models import (
    BillingCustomer,
    BillingPlan,
    BillingSubscription,
    HomeDelivery,
)
from masthead.identity.models import User


def enabled_plans(db: Session) -> Sequence[BillingPlan]:
    return db.scalars(
        select(BillingPlan).where(BillingPlan.enabled.is_(True)).order_by(BillingPlan.position)
    ).all()


def plan(db: Session, plan_id: str) -> BillingPlan | None:
    row = db.get(BillingPlan, plan_id)
    return row if row is not None and row.enabled else None


def plan_row(db: Session, plan_id: str) -> BillingPlan | None:
    """The plan, offered or not (a retired plan's subscriptions still renew)."""
    return db.get(BillingPlan, plan_id)


def customer(db: Session, user_id: int) -> BillingCustomer | None:
    return db.get(BillingCustomer, user_id)


def claim_subscribe(db: Session, user_id: int, now: datetime, until: datetime) -> bool:
    """Take the reader's subscribe claim unless a live one is held; the UPDATE is the lock."""
    result = db.execute(
        update(BillingCustomer)
        .where(
            BillingCustomer.user_id == user_id,
            or_(
                BillingCustomer.subscribe_claimed_until.is_(None),
                BillingCustomer.subscribe_claimed_until <= now,
            ),
        )
        .values(subscribe_claimed_until=until)
    )
    return bool(getattr(result, "rowcount", 0))


def release_subscribe(db: Session, user_id: int, *, stored: bool = False) -> None:
    """Release the claim; `stored`: the intent's subscription is stored, forget its id too."""
    values: dict[str, object] = {"subscribe_claimed_until": None}
    if stored:
        values["subscribe_intent_id"] = None
    db.execute(update(BillingCustomer).where(BillingCustomer.user_id == user_id).values(values))


def subscribe_intent(db: Session, user_id: int) -> str | None:
    return db.scalar(
        select(BillingCustomer.subscribe_intent_id).where(BillingCustomer.user_id == user_id)
    )


def set_subscribe_intent(db: Session, user_id: int, subscription_id: str) -> None:
    db.execute(
        update(BillingCustomer)
        .where(BillingCustomer.user_id == user_id)
        .values(subscribe_intent_id=subscription_id)
    )


def subscriptions_of(db: Session, user_id: int) -> Sequence[BillingSubscription]:
    return db.scalars(
        select(BillingSubscription)
        .where(BillingSubscription.user_id == user_id)
        .order_by(BillingSubscription.created_at.desc(), BillingSubscription.id)
    ).all()


def subscription(db: Session, subscription_id: str) -> BillingSubscription | None:
    return db.get(BillingSubscription, subscription_id)


def tracking_id(db: Session, user_id: int) -> str | None:
    return db.scalar(select(User.tracking_id).where(User.id == user_id))


def user(db: Session, user_id: int) -> User | None:
    return db.get(User, user_id)


def home_delivery_emails_paying(db: Session, live: Collection[str]) -> list[str]:
    """Addresses with an active home-delivery grant whose verified account still has a
    subscription in one of the `live` states (the grant makes it free)."""
    paying = exists().where(
        BillingSubscription.user_id == User.id, BillingSubscription.status.in_(live)
    )
    return list(
        db.scalars(
            select(HomeDelivery.email)
            .join(User, User.email == HomeDelivery.email)
            .where(HomeDelivery.active.is_(True), User.email_verified.is_(True), paying)
            .order_by(HomeDelivery.email)
        )
    )
