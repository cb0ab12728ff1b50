"""Every query of the plan catalogue and its discount offers."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from masthead.billing.catalog.models import BillingDiscount, BillingPlan
from masthead.billing.gateway import ACTIVE, PAST_DUE, PENDING
from masthead.billing.memberships.models import BillingSubscription

# Subscriptions that will be charged again: what a price change would be about.
_LIVE = (ACTIVE, PENDING, PAST_DUE)


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


def discount(db: Session, discount_id: str) -> BillingDiscount | None:
    return db.get(BillingDiscount, discount_id)


def enabled_discounts(db: Session) -> Sequence[BillingDiscount]:
    return db.scalars(select(BillingDiscount).where(BillingDiscount.enabled.is_(True))).all()


def discount_ids(db: Session) -> set[str]:
    return set(db.scalars(select(BillingDiscount.id)))


def plans_stepping_up(db: Session, until: date) -> Sequence[BillingPlan]:
    """Plans (enabled or not) with a step-up price on or before `until`."""
    return db.scalars(
        select(BillingPlan).where(
            BillingPlan.step_up_amount.is_not(None),
            BillingPlan.step_up_date <= until,
        )
    ).all()


def all_plans(db: Session) -> Sequence[BillingPlan]:
    """Every plan, offered or not, in card order (the console's list)."""
    return db.scalars(select(BillingPlan).order_by(BillingPlan.position, BillingPlan.id)).all()


def all_discounts(db: Session) -> Sequence[BillingDiscount]:
    return db.scalars(select(BillingDiscount).order_by(BillingDiscount.id)).all()


def live_members(db: Session, plan_ids: list[str] | None = None) -> dict[str, int]:
    """Live subscriptions per plan id (plans without any are left out)."""
    query = (
        select(BillingSubscription.plan_id, func.count())
        .where(BillingSubscription.status.in_(_LIVE))
        .group_by(BillingSubscription.plan_id)
    )
    if plan_ids is not None:
        query = query.where(BillingSubscription.plan_id.in_(plan_ids))
    return {plan_id: int(count) for plan_id, count in db.execute(query).all()}
