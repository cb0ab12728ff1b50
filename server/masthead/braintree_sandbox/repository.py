"""Every sandbox query."""

from __future__ import annotations

import secrets
import string
from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from masthead.braintree_sandbox.models import (
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
    # Locked in id order, as a billing run locks its chunk: the two cannot deadlock.
    return db.scalars(
        select(SandboxSubscription)
        .where(
            SandboxSubscription.payment_method_token == token,
            SandboxSubscription.status.in_(LIVE_STATUSES),
        )
        .order_by(SandboxSubscription.id)
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


def transaction(db: Session, transaction_id: str, lock: bool = False) -> SandboxTransaction | None:
    query = select(SandboxTransaction).where(SandboxTransaction.id == transaction_id)
    return db.scalars(query.with_for_update() if lock else query).first()


def refunds_of(db: Session, transaction_id: str) -> Sequence[SandboxTransaction]:
    """A sale's credits, oldest first."""
    return db.scalars(
        select(SandboxTransaction)
        .where(SandboxTransaction.refunded_transaction_id == transaction_id)
        .order_by(SandboxTransaction.seq)
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


# A billing run's chunk: one query per kind for all its subscriptions.


def lock_subscriptions(db: Session, ids: Sequence[str]) -> dict[str, SandboxSubscription]:
    """Locked in id order, and detached from the session: save_subscriptions writes them back
    in one statement. Rows another transaction holds are skipped, not waited for (PostgreSQL):
    two workers' runs walk the same due list and each bills the chunks the other is not
    billing, instead of queueing behind each other chunk by chunk. A row skipped because a
    reader's change holds it stays due for the next run."""
    rows = db.scalars(
        select(SandboxSubscription)
        .where(SandboxSubscription.id.in_(ids))
        .order_by(SandboxSubscription.id)
        .with_for_update(skip_locked=True)
    ).all()
    for row in rows:
        db.expunge(row)
    return {row.id: row for row in rows}


def save_subscriptions(db: Session, rows: Sequence[SandboxSubscription]) -> None:
    """Write back rows read by lock_subscriptions, each only if its version is still the one
    read (the ORM's optimistic lock, one statement for all): StaleDataError otherwise."""
    if not rows:
        return
    model = SandboxSubscription
    columns = [
        c.key for c in model.__table__.columns if c.key not in ("id", "created_at", "version")
    ]
    statement = (
        update(model)
        .where(model.id == bindparam("b_id"), model.version == bindparam("b_version"))
        .values(version=bindparam("b_version") + 1)
    )
    result = db.connection().execute(
        statement,
        [
            {"b_id": row.id, "b_version": row.version, **{k: getattr(row, k) for k in columns}}
            for row in rows
        ],
    )
    if result.rowcount != len(rows):
        raise StaleDataError(
            f"{len(rows) - result.rowcount} of {len(rows)} subscriptions changed meanwhile"
        )
    for row in rows:
        row.version += 1


def payment_methods_by_token(db: Session, tokens: Iterable[str]) -> Sequence[SandboxPaymentMethod]:
    return db.scalars(
        select(SandboxPaymentMethod).where(SandboxPaymentMethod.token.in_(set(tokens)))
    ).all()


def discounts_of(db: Session, subscription_ids: Sequence[str]) -> Sequence[SandboxDiscount]:
    return db.scalars(
        select(SandboxDiscount)
        .where(SandboxDiscount.subscription_id.in_(subscription_ids))
        .order_by(SandboxDiscount.id)
    ).all()


def transactions_of(db: Session, subscription_ids: Sequence[str]) -> Sequence[SandboxTransaction]:
    return db.scalars(
        select(SandboxTransaction)
        .where(SandboxTransaction.subscription_id.in_(subscription_ids))
        .order_by(SandboxTransaction.seq.desc())
    ).all()


def insert_transactions(db: Session, rows: Sequence[SandboxTransaction]) -> None:
    """New charges in one multi-row INSERT, in the order given (seq follows it)."""
    if not rows:
        return
    columns = [c.key for c in SandboxTransaction.__table__.columns if c.key != "seq"]
    db.execute(
        insert(SandboxTransaction), [{key: getattr(row, key) for key in columns} for row in rows]
    )
