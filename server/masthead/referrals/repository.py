"""Every referral query."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, Select, bindparam, func, select, update
from sqlalchemy.orm import Session

from masthead.db import PinnedReader, upsert_insert
from masthead.referrals.models import (
    FuelTankCode,
    Programme,
    Referral,
    ReferralUser,
    Reward,
    Tenant,
    UserEvent,
)

# Built once: read by tenant_cache.py for the origin check and the analytics calls.
_TENANT_FACTS = cast(
    "Select[Any]",
    select(Tenant.id, Tenant.allowed_origins).where(
        Tenant.alias == bindparam("alias"), Tenant.deleted_at.is_(None)
    ),
)


async def tenant_facts(reads: PinnedReader, alias: str) -> tuple[int, list[str]] | None:
    """The tenant's id and allowed origins, read without a session (awaited on PostgreSQL)."""
    if "\x00" in alias:  # PostgreSQL's text cannot hold a NUL, so no alias has one
        return None
    row = await reads.first_awaited(_TENANT_FACTS, {"alias": alias})
    if row is None:
        return None
    origins = row[1]
    listed = [o for o in origins if isinstance(o, str)] if isinstance(origins, list) else []
    return int(row[0]), listed


def tenant_by_alias(db: Session, alias: str) -> Tenant | None:
    """The tenant named alias; a deleted one (deleted_at set) is none."""
    return db.scalars(
        select(Tenant).where(Tenant.alias == alias, Tenant.deleted_at.is_(None))
    ).first()


def tenant_by_alias_even_deleted(db: Session, alias: str) -> Tenant | None:
    """The tenant that holds alias, deleted or not: an alias is never given out twice."""
    return db.scalars(select(Tenant).where(Tenant.alias == alias)).first()


def default_programme(db: Session, tenant_id: int) -> Programme | None:
    return db.scalars(
        select(Programme).where(Programme.tenant_id == tenant_id).order_by(Programme.id).limit(1)
    ).first()


def programme_by_slug(db: Session, tenant_id: int, slug: str) -> Programme | None:
    return db.scalars(
        select(Programme).where(Programme.tenant_id == tenant_id, Programme.slug == slug)
    ).first()


def programme_by_id(db: Session, programme_id: int) -> Programme | None:
    return db.get(Programme, programme_id)


def conversion_keys(db: Session, tenant_id: int) -> set[str]:
    """Every event key that converts a referral in any of the tenant's programmes."""
    keys = db.scalars(select(Programme.conversion_keys).where(Programme.tenant_id == tenant_id))
    return {key for listed in keys for key in listed if isinstance(key, str)}


def user_by_ids(db: Session, tenant_id: int, account_id: str, user_id: str) -> ReferralUser | None:
    return db.scalars(
        select(ReferralUser).where(
            ReferralUser.tenant_id == tenant_id,
            ReferralUser.account_id == account_id,
            ReferralUser.user_id == user_id,
        )
    ).first()


def user_by_code(db: Session, tenant_id: int, code: str) -> ReferralUser | None:
    return db.scalars(
        select(ReferralUser).where(
            ReferralUser.tenant_id == tenant_id, ReferralUser.referral_code == code
        )
    ).first()


def insert_unless_conflict(db: Session, model: type[Any], values: dict[str, Any]) -> int | None:
    """INSERT ... ON CONFLICT DO NOTHING: the new row's id, or None when a unique key was taken.

    Unlike catching IntegrityError this leaves the transaction usable on PostgreSQL, and a
    concurrent insert of the same key waits for the other transaction instead of failing.
    """
    statement = (
        upsert_insert(db)(model).values(**values).on_conflict_do_nothing().returning(model.id)
    )
    new_id: int | None = db.execute(statement).scalar_one_or_none()
    return new_id


def referral_of(db: Session, referred_id: int) -> Referral | None:
    return db.scalars(select(Referral).where(Referral.referred_id == referred_id)).first()


def referral_counts(db: Session, referrer_id: int) -> tuple[int, int]:
    """(referred, converted); converted_at is set exactly when a referral converts."""
    row = db.execute(
        select(func.count(Referral.id), func.count(Referral.converted_at)).where(
            Referral.referrer_id == referrer_id
        )
    ).one()
    return int(row[0]), int(row[1])


def rewards_of(db: Session, referral_user_id: int) -> Sequence[Reward]:
    return db.scalars(
        select(Reward)
        .where(Reward.referral_user_id == referral_user_id)
        .order_by(Reward.issued_at, Reward.id)
    ).all()


def reward_for(db: Session, referral_id: int, kind: str) -> Reward | None:
    return db.scalars(
        select(Reward).where(Reward.referral_id == referral_id, Reward.kind == kind)
    ).first()


def mark_converted(db: Session, referral_id: int, now: datetime) -> bool:
    """PENDING -> CONVERTED; True only for the one transaction that made the change.

    On PostgreSQL a concurrent UPDATE of the row waits for this one and then finds it no
    longer PENDING; SQLite runs writers one at a time. Either way exactly one caller wins.
    """
    result = cast(
        CursorResult[Any],
        db.execute(
            update(Referral)
            .where(Referral.id == referral_id, Referral.status == "PENDING")
            .values(status="CONVERTED", converted_at=now)
            .execution_options(synchronize_session=False)
        ),
    )
    return result.rowcount == 1


def take_fuel_tank_code(
    db: Session, programme_id: int, reward_id: int, now: datetime
) -> str | None:
    """Hand the oldest free code of the programme to the reward; None when the bank is empty."""
    for _ in range(5):  # a code taken between our read and write: try the next one
        row = db.execute(
            select(FuelTankCode.id, FuelTankCode.code)
            .where(FuelTankCode.programme_id == programme_id, FuelTankCode.reward_id.is_(None))
            .order_by(FuelTankCode.id)
            .limit(1)
            .with_for_update(skip_locked=True)
        ).first()
        if row is None:
            return None
        result = cast(
            CursorResult[Any],
            db.execute(
                update(FuelTankCode)
                .where(FuelTankCode.id == row.id, FuelTankCode.reward_id.is_(None))
                .values(reward_id=reward_id, assigned_at=now)
                .execution_options(synchronize_session=False)
            ),
        )
        if result.rowcount == 1:
            return str(row.code)
    return None


def add_user_event(db: Session, values: dict[str, Any]) -> bool:
    """Store a tracked event; False when its dedupe key was already stored for the user."""
    return insert_unless_conflict(db, UserEvent, values) is not None


def free_fuel_tank_codes(db: Session, programme_id: int) -> int:
    return int(
        db.scalar(
            select(func.count(FuelTankCode.id)).where(
                FuelTankCode.programme_id == programme_id, FuelTankCode.reward_id.is_(None)
            )
        )
        or 0
    )
