"""Every query of running the referral service (the rest are in masthead/referrals/repository.py,
which the widget calls use too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased

from masthead.referrals.models import (
    FuelTankCode,
    Programme,
    Referral,
    ReferralUser,
    Reward,
    Tenant,
)


def tenant_page(db: Session, after: str | None, limit: int) -> list[tuple[Tenant, int]]:
    """Tenants that are not deleted, by alias, after `after`, with how many programmes each
    has."""
    counts = (
        select(Programme.tenant_id, func.count(Programme.id).label("n"))
        .group_by(Programme.tenant_id)
        .subquery()
    )
    query = (
        select(Tenant, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.tenant_id == Tenant.id)
        .where(Tenant.deleted_at.is_(None))
        .order_by(Tenant.alias)
        .limit(limit)
    )
    if after is not None:
        query = query.where(Tenant.alias > after)
    return [(tenant, int(n)) for tenant, n in db.execute(query).all()]


def lock_tenant(db: Session, alias: str) -> Tenant | None:
    """The live tenant, its row locked until the transaction ends (PostgreSQL; SQLite runs
    one writer at a time): code bank uploads of one tenant then check and add one at a time."""
    return db.scalars(
        select(Tenant).where(Tenant.alias == alias, Tenant.deleted_at.is_(None)).with_for_update()
    ).first()


def programme_count(db: Session, tenant_id: int) -> int:
    return int(
        db.scalar(select(func.count(Programme.id)).where(Programme.tenant_id == tenant_id)) or 0
    )


def programmes_of(db: Session, tenant_id: int) -> Sequence[Programme]:
    """In the order they were made: the first is the default one."""
    return db.scalars(
        select(Programme).where(Programme.tenant_id == tenant_id).order_by(Programme.id)
    ).all()


def code_counts(db: Session, programme_ids: list[int]) -> dict[int, tuple[int, int]]:
    """programme id -> (codes in its bank, codes handed out)."""
    if not programme_ids:
        return {}
    rows = db.execute(
        select(
            FuelTankCode.programme_id,
            func.count(FuelTankCode.id),
            func.count(FuelTankCode.reward_id),
        )
        .where(FuelTankCode.programme_id.in_(programme_ids))
        .group_by(FuelTankCode.programme_id)
    ).all()
    return {int(pid): (int(total), int(used)) for pid, total, used in rows}


def tenant_codes_folded(db: Session, tenant_id: int) -> set[str]:
    """Every code of the tenant's banks in upper case: one read, as an upload checks up to
    ten thousand codes against them."""
    return {
        code.upper()
        for code in db.scalars(select(FuelTankCode.code).where(FuelTankCode.tenant_id == tenant_id))
    }


def add_codes(db: Session, tenant_id: int, programme_id: int, codes: list[str]) -> bool:
    """Adds the codes in one statement; False (and nothing added) when one was taken
    meanwhile: the unique key refused it, and the savepoint undid the rest."""
    rows = [{"tenant_id": tenant_id, "programme_id": programme_id, "code": c} for c in codes]
    try:
        with db.begin_nested():
            db.execute(insert(FuelTankCode), rows)
    except IntegrityError:
        return False
    return True


@dataclass(frozen=True)
class ReferralRow:
    referral: Referral
    programme_slug: str
    referrer: ReferralUser
    referred: ReferralUser


def referral_page(
    db: Session,
    tenant_id: int,
    *,
    programme_id: int | None,
    status: str | None,
    before: int | None,
    limit: int,
) -> list[ReferralRow]:
    """The tenant's referrals, newest first (by id: keyset, so no row is skipped or repeated
    while new ones arrive)."""
    referrer, referred = aliased(ReferralUser), aliased(ReferralUser)
    query = (
        select(Referral, Programme.slug, referrer, referred)
        .join(Programme, Programme.id == Referral.programme_id)
        .join(referrer, referrer.id == Referral.referrer_id)
        .join(referred, referred.id == Referral.referred_id)
        .where(Referral.tenant_id == tenant_id)
        .order_by(Referral.id.desc())
        .limit(limit)
    )
    if programme_id is not None:
        query = query.where(Referral.programme_id == programme_id)
    if status is not None:
        query = query.where(Referral.status == status)
    if before is not None:
        query = query.where(Referral.id < before)
    return [ReferralRow(*row) for row in db.execute(query).all()]


def rewards_of_referrals(db: Session, referral_ids: list[int]) -> Sequence[Reward]:
    if not referral_ids:
        return []
    return db.scalars(
        select(Reward).where(Reward.referral_id.in_(referral_ids)).order_by(Reward.id)
    ).all()
