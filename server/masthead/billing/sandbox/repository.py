"""Every sandbox query."""

from __future__ import annotations

import secrets
import string
from collections.abc import Sequence
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.billing.sandbox.models import (
    SandboxCustomer,
    SandboxDiscount,
    SandboxNonce,
    SandboxPaymentMethod,
    SandboxPlan,
    SandboxSubscription,
    SandboxTransaction,
)

# Statuses the billing cycle still acts on.
LIVE_STATUSES = ("Active", "Past Due", "Pending")
_ID_ALPHABET = string.ascii_lowercase + string.digits


def new_id(length: int) -> str:
    """Braintree-like ids: short, lowercase, random (tokens, subscriptions, transactions)."""
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(length))


def customer(db: Session, customer_id: str) -> SandboxCustomer | None:
    return db.get(SandboxCustomer, customer_id)


def nonce(db: Session, value: str) -> SandboxNonce | None:
    return db.scalars(
        select(SandboxNonce).where(SandboxNonce.nonce == value).with_for_update()
    ).first()


def payment_method(db: Session, token: str, lock: bool = False) -> SandboxPaymentMethod | None:
    query = select(SandboxPaymentMethod).where(SandboxPaymentMethod.token == token)
    return db.scalars(query.with_for_update() if lock else query).first()


def payment_methods(db: Session, customer_id: str) -> Sequence[SandboxPaymentMethod]:
    return db.scalars(
        select(SandboxPaymentMethod)
        .where(SandboxPaymentMethod.customer_id == customer_id)
        .order_by(SandboxPaymentMethod.created_at.desc(), SandboxPaymentMethod.token)
    ).all()


def plan(db: Session, plan_id: str) -> SandboxPlan | None:
    return db.get(SandboxPlan, plan_id)


def subscription(
    db: Session, subscription_id: str, lock: bool = False
) -> SandboxSubscription | None:
    query = select(SandboxSubscription).where(SandboxSubscription.id == subscription_id)
    return db.scalars(query.with_for_update() if lock else query).first()


def live_subscriptions_paying_with(db: Session, token: str) -> Sequence[SandboxSubscription]:
    return db.scalars(
        select(SandboxSubscription)
        .where(
            SandboxSubscription.payment_method_token == token,
            SandboxSubscription.status.in_(LIVE_STATUSES),
        )
        .with_for_update()
    ).all()


def due_subscription_ids(db: Session, today: date) -> Sequence[str]:
    return db.scalars(
        select(SandboxSubscription.id)
        .where(
            SandboxSubscription.status.in_(LIVE_STATUSES),
            SandboxSubscription.next_billing_date <= today,
        )
        .order_by(SandboxSubscription.next_billing_date, SandboxSubscription.id)
    ).all()


def discounts(db: Session, subscription_id: str) -> Sequence[SandboxDiscount]:
    return db.scalars(
        select(SandboxDiscount)
        .where(SandboxDiscount.subscription_id == subscription_id)
        .order_by(SandboxDiscount.id)
    ).all()


def transactions(db: Session, subscription_id: str) -> Sequence[SandboxTransaction]:
    return db.scalars(
        select(SandboxTransaction)
        .where(SandboxTransaction.subscription_id == subscription_id)
        .order_by(SandboxTransaction.seq.desc())
    ).all()


def upsert_plan(db: Session, plan_id: str, values: dict[str, Any]) -> None:
    row = db.get(SandboxPlan, plan_id)
    if row is None:
        db.add(SandboxPlan(id=plan_id, **values))
        return
    for key, value in values.items():
        setattr(row, key, value)
