"""Every query of the plan catalogue and its discount offers."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.billing.catalog.models import BillingDiscount, BillingPlan


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
