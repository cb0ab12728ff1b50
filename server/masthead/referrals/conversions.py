"""Tracked user events, and the conversion they may cause: rewards issued exactly once."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.referrals import repository
from masthead.referrals.errors import ReferralError
from masthead.referrals.models import ReferralUser, Reward, Tenant
from masthead.referrals.service import tenant_for, user_for

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TrackedEvent:
    key: str
    fields: dict[str, Any] = field(default_factory=dict)
    dedupe_key: str | None = None


def track_events(
    db: Session,
    rt: Runtime,
    tenant: Tenant,
    account_id: str,
    user_id: str,
    events: list[TrackedEvent],
    *,
    from_server: bool,
) -> int:
    """Store the events; return how many were new (a repeated dedupe key is dropped).

    A conversion key issues rewards, so only the merchant's server (its API key) may send
    one: a reader holds their own user JWT, and with it would reward themselves without
    buying anything. Such a call is refused whole, before anything is stored.
    """
    if not from_server:
        refused = sorted({e.key for e in events} & repository.conversion_keys(db, tenant.id))
        if refused:
            raise ReferralError(
                "SERVER_ONLY_EVENT",
                f'"{refused[0]}" is a conversion event: only the merchant\'s server may send '
                "it, after a real purchase, with the tenant's API key (HTTP Basic auth), "
                "never with a user token.",
            )
    user = user_for(db, tenant, account_id, user_id)
    accepted = 0
    for event in events:
        if _store(db, rt, tenant, user, event):
            accepted += 1
            convert_if_due(db, rt, tenant, user, event.key)
    return accepted


def record_conversion(
    db: Session, rt: Runtime, tenant_alias: str, account_id: str, user_id: str, key: str
) -> bool:
    """For Masthead's own services (billing's new paid membership, in process: the server
    side): track `key` for the user and convert their pending referral if the key converts.
    False when nothing converted, including for a reader who never joined the programme.
    """
    tenant = tenant_for(db, tenant_alias)
    user = repository.user_by_ids(db, tenant.id, account_id, user_id)
    if user is None:
        return False
    _store(db, rt, tenant, user, TrackedEvent(key))
    return convert_if_due(db, rt, tenant, user, key)


def _store(
    db: Session, rt: Runtime, tenant: Tenant, user: ReferralUser, event: TrackedEvent
) -> bool:
    return repository.add_user_event(
        db,
        {
            "tenant_id": tenant.id,
            "account_id": user.account_id,
            "user_id": user.user_id,
            "key": event.key,
            "fields": event.fields,
            "dedupe_key": event.dedupe_key,
            "at": rt.clock.now(),
        },
    )


def convert_if_due(db: Session, rt: Runtime, tenant: Tenant, user: ReferralUser, key: str) -> bool:
    """Convert the user's pending referral when `key` is one of its programme's conversion
    keys, and issue both rewards. True only for the call that converted it.
    """
    referral = repository.referral_of(db, user.id)
    if referral is None or referral.status != "PENDING":
        return False
    programme = repository.programme_by_id(db, referral.programme_id)
    if programme is None or key not in programme.conversion_keys:
        return False
    now = rt.clock.now()
    # The conditional UPDATE is the lock: a duplicate or concurrent event finds no PENDING row.
    if not repository.mark_converted(db, referral.id, now):
        return False
    db.expire(referral)
    referrer_reward = Reward(
        tenant_id=tenant.id,
        referral_user_id=referral.referrer_id,
        referral_id=referral.id,
        kind="referrer",
        description=programme.referrer_reward,
        issued_at=now,
    )
    referred_reward = Reward(
        tenant_id=tenant.id,
        referral_user_id=user.id,
        referral_id=referral.id,
        kind="referred",
        description=programme.referred_reward,
        issued_at=now,
    )
    db.add_all([referrer_reward, referred_reward])
    db.flush()
    referred_reward.fuel_tank_code = repository.take_fuel_tank_code(
        db, programme.id, referred_reward.id, now
    )
    if referred_reward.fuel_tank_code is None:
        log.warning("referral programme %s has no free fuel-tank code left", programme.slug)
    return True
