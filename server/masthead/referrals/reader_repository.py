"""The queries behind a reader's referrals as the staff console shows them (reader_view.py)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Row, select
from sqlalchemy.orm import Session, aliased

from masthead.referrals.models import Programme, Referral, ReferralUser, Reward, Tenant


def participant(
    db: Session, tenant_alias: str, account_id: str, user_id: str
) -> ReferralUser | None:
    return db.scalars(
        select(ReferralUser)
        .join(Tenant, Tenant.id == ReferralUser.tenant_id)
        .where(
            Tenant.alias == tenant_alias,
            ReferralUser.account_id == account_id,
            ReferralUser.user_id == user_id,
        )
    ).first()


def referrals_made(
    db: Session, referrer_id: int, limit: int
) -> Sequence[Row[Referral, ReferralUser, str]]:
    """(referral, the referred participant, the programme's name), newest first."""
    other = aliased(ReferralUser)
    return db.execute(
        select(Referral, other, Programme.name)
        .join(other, other.id == Referral.referred_id)
        .join(Programme, Programme.id == Referral.programme_id)
        .where(Referral.referrer_id == referrer_id)
        .order_by(Referral.created_at.desc(), Referral.id.desc())
        .limit(limit)
    ).all()


def referral_received(db: Session, referred_id: int) -> Row[Referral, ReferralUser, str] | None:
    """(referral, the referrer, the programme's name) of the one referral that brought them."""
    other = aliased(ReferralUser)
    return db.execute(
        select(Referral, other, Programme.name)
        .join(other, other.id == Referral.referrer_id)
        .join(Programme, Programme.id == Referral.programme_id)
        .where(Referral.referred_id == referred_id)
    ).first()


def rewards(db: Session, participant_id: int) -> Sequence[Reward]:
    return db.scalars(select(Reward).where(Reward.referral_user_id == participant_id)).all()
