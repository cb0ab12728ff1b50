"""A tenant's referrals and what they earned, newest first, a page at a time: read only."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy.orm import Session

from masthead.referrals.models import ReferralUser
from masthead.referrals.programmes import repository, schemas
from masthead.referrals.programmes.service import live_tenant, programme_of


def _participant(user: ReferralUser) -> schemas.Participant:
    name = f"{user.first_name} {user.last_name}".strip()
    return schemas.Participant(
        account_id=user.account_id, user_id=user.user_id, email=user.email, name=name
    )


def referral_page(
    db: Session,
    alias: str,
    *,
    programme: str | None,
    status: str | None,
    before: int | None,
    limit: int,
) -> schemas.ReferralPage:
    tenant = live_tenant(db, alias)
    programme_id = programme_of(db, tenant, programme).id if programme else None
    rows = repository.referral_page(
        db, tenant.id, programme_id=programme_id, status=status, before=before, limit=limit + 1
    )
    shown = rows[:limit]
    rewards = defaultdict(list)
    for reward in repository.rewards_of_referrals(db, [r.referral.id for r in shown]):
        rewards[reward.referral_id].append(
            schemas.RewardOut(
                kind=reward.kind,
                description=reward.description,
                fuel_tank_code=reward.fuel_tank_code,
                issued_at=reward.issued_at,
            )
        )
    items = [
        schemas.ReferralOut(
            id=row.referral.id,
            programme=row.programme_slug,
            referrer=_participant(row.referrer),
            referred=_participant(row.referred),
            code=row.referral.code,
            status=row.referral.status,
            created_at=row.referral.created_at,
            converted_at=row.referral.converted_at,
            rewards=rewards[row.referral.id],
        )
        for row in shown
    ]
    return schemas.ReferralPage(
        items=items, next=shown[-1].referral.id if len(rows) > limit else None
    )
