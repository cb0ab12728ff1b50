"""Every query of readers' gateway customers, their subscriptions and step-up changes."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, or_, select, update
from sqlalchemy.orm import Session

from masthead.billing.gateway import PAST_DUE
from masthead.billing.memberships.models import BillingCustomer, BillingSubscription, StepUpChange
from masthead.identity.api import Profile, User


def customer(db: Session, user_id: int) -> BillingCustomer | None:
    return db.get(BillingCustomer, user_id)


def forget_subscribe_intent(db: Session, user_id: int, *, stored: bool = True) -> None:
    """`stored`: the intent's subscription is stored, forget its id."""
    if stored:
        db.execute(
            update(BillingCustomer)
            .where(BillingCustomer.user_id == user_id)
            .values(subscribe_intent_id=None)
        )


def abandoned_intents(db: Session, limit: int) -> list[tuple[int, str]]:
    """(user id, chosen subscription id) of subscribes that chose an id and did not finish
    (or are running now: the caller's claim tells them apart)."""
    rows = db.execute(
        select(BillingCustomer.user_id, BillingCustomer.subscribe_intent_id)
        .where(BillingCustomer.subscribe_intent_id.is_not(None))
        .limit(limit)
    ).all()
    return [(row[0], str(row[1])) for row in rows]


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


# A subscription's user_id is None once its reader erased their account (reader_data): no
# one to write to, nothing to convert.
def tracking_id(db: Session, user_id: int | None) -> str | None:
    if user_id is None:
        return None
    return db.scalar(select(User.tracking_id).where(User.id == user_id))


def user(db: Session, user_id: int | None) -> User | None:
    return None if user_id is None else db.get(User, user_id)


def past_due_transactions(db: Session) -> list[tuple[str, list[dict[str, Any]]]]:
    """(id, transactions) of every Past Due subscription."""
    rows = db.execute(
        select(BillingSubscription.id, BillingSubscription.transactions).where(
            BillingSubscription.status == PAST_DUE
        )
    )
    return [(sid, list(transactions or [])) for sid, transactions in rows]


def step_up_unnoticed(
    db: Session, plan_id: str, day: date, live: Collection[str]
) -> list[tuple[str, Decimal, str, dict[str, Any]]]:
    """(id, price, email, profile attributes) of the plan's live subscriptions that have no
    step-up change for this step-up date yet."""
    rows = db.execute(
        select(
            BillingSubscription.id,
            BillingSubscription.price,
            User.email,
            Profile.attributes,
        )
        .join(User, User.id == BillingSubscription.user_id)
        .join(Profile, Profile.user_id == User.id)
        .outerjoin(
            StepUpChange,
            and_(
                StepUpChange.subscription_id == BillingSubscription.id,
                StepUpChange.step_up_date == day,
            ),
        )
        .where(
            BillingSubscription.plan_id == plan_id,
            BillingSubscription.status.in_(live),
            StepUpChange.subscription_id.is_(None),
        )
    )
    return [(sid, price, email, attributes) for sid, price, email, attributes in rows]


def step_ups_to_apply(
    db: Session, plan_id: str, day: date, now: datetime, live: Collection[str]
) -> Sequence[str]:
    """Live subscriptions whose step-up is not applied yet and not claimed by a worker now."""
    return db.scalars(
        select(StepUpChange.subscription_id)
        .join(BillingSubscription, BillingSubscription.id == StepUpChange.subscription_id)
        .where(
            StepUpChange.step_up_date == day,
            StepUpChange.plan_id == plan_id,
            StepUpChange.applied_at.is_(None),
            or_(StepUpChange.claimed_until.is_(None), StepUpChange.claimed_until <= now),
            BillingSubscription.status.in_(live),
        )
        .order_by(StepUpChange.subscription_id)
    ).all()


def _step_up_key(subscription_id: str, day: date) -> Any:
    return and_(StepUpChange.subscription_id == subscription_id, StepUpChange.step_up_date == day)


def claim_step_up(
    db: Session, subscription_id: str, day: date, now: datetime, until: datetime
) -> bool:
    """Take the row for one gateway call; the UPDATE's condition is the lock."""
    result = db.execute(
        update(StepUpChange)
        .where(
            _step_up_key(subscription_id, day),
            StepUpChange.applied_at.is_(None),
            or_(StepUpChange.claimed_until.is_(None), StepUpChange.claimed_until <= now),
        )
        .values(claimed_until=until)
    )
    return bool(getattr(result, "rowcount", 0))


def mark_step_up(db: Session, subscription_id: str, day: date, values: dict[str, Any]) -> None:
    db.execute(
        update(StepUpChange)
        .where(_step_up_key(subscription_id, day))
        .values({"claimed_until": None, "last_error": None, **values})
    )
