"""A Masthead reader's referrals, for the staff console: the people they referred and the one
who referred them, with each referral's status and the reader's reward for it.

A reader's participant ids in the programme are their tracking id (account and user alike,
as the site API's referral JWT names them); a reader who never opened Refer a friend is not
a participant and has no referrals.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from sqlalchemy import Row
from sqlalchemy.orm import Session

from masthead.referrals import reader_repository
from masthead.referrals.models import Referral, ReferralUser, Reward

Role = Literal["referrer", "referred"]


@dataclass(frozen=True)
class ReaderReferral:
    """One referral, from the reader's side: `other` is the person at its other end."""

    role: Role  # the reader's part in it
    other_name: str
    other_email: str | None
    other_id: str  # their participant id (a Masthead reader's tracking id)
    programme: str
    status: str  # PENDING or CONVERTED
    created_at: datetime
    converted_at: datetime | None
    reward: str | None  # the reader's reward for it, once issued (with its code, if any)


@dataclass(frozen=True)
class ReaderReferrals:
    participant: bool
    referral_code: str | None
    share_link: str | None
    referred_by: ReaderReferral | None
    referred: list[ReaderReferral]


NOT_A_PARTICIPANT = ReaderReferrals(False, None, None, None, [])


def reader_referrals(
    db: Session, tenant_alias: str, participant_id: str, limit: int = 50
) -> ReaderReferrals:
    """The reader's referrals in the tenant's programmes (newest first, at most `limit`)."""
    me = reader_repository.participant(db, tenant_alias, participant_id, participant_id)
    if me is None:
        return NOT_A_PARTICIPANT
    rewards = {r.referral_id: r for r in reader_repository.rewards(db, me.id)}
    received = reader_repository.referral_received(db, me.id)
    return ReaderReferrals(
        participant=True,
        referral_code=me.referral_code,
        share_link=me.share_link,
        referred_by=None if received is None else _seen(received, "referred", rewards),
        referred=[
            _seen(row, "referrer", rewards)
            for row in reader_repository.referrals_made(db, me.id, limit)
        ],
    )


def _seen(
    row: Row[Referral, ReferralUser, str], role: Role, rewards: dict[int, Reward]
) -> ReaderReferral:
    referral, other, programme = row
    reward = rewards.get(referral.id)
    name = f"{other.first_name} {other.last_name}".strip()
    return ReaderReferral(
        role=role,
        other_name=name or ("(anonymous)" if other.anonymous else ""),
        other_email=other.email,
        other_id=other.user_id,
        programme=programme,
        status=referral.status,
        created_at=referral.created_at,
        converted_at=referral.converted_at,
        reward=None
        if reward is None
        else reward.description
        + (f" (code {reward.fuel_tank_code})" if reward.fuel_tank_code else ""),
    )
