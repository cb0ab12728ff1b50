"""The render response: {template, user, jsOptions}, and the user object squatch-js reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from masthead.referrals import repository, templates
from masthead.referrals.inputs import WidgetRequest
from masthead.referrals.models import Programme, Referral, ReferralUser, Reward, Tenant
from masthead.referrals.service import programme_for
from masthead.referrals.share import share_links


@dataclass(frozen=True)
class _Referred:
    """Who referred the user: read once for both the template and the user object."""

    referral: Referral
    programme: Programme | None
    reward: Reward | None


def _referred(db: Session, user: ReferralUser) -> _Referred | None:
    referral = repository.referral_of(db, user.id)
    if referral is None:
        return None
    return _Referred(
        referral,
        repository.programme_by_id(db, referral.programme_id),
        repository.reward_for(db, referral.id, "referred"),
    )


def _user_json(
    user: ReferralUser, programme: Programme, referred: _Referred | None
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": user.user_id,
        "accountId": user.account_id,
        "email": user.email,
        "firstName": user.first_name,
        "lastName": user.last_name,
        "locale": user.locale,
        "referralCode": user.referral_code,
        "shareLinks": share_links(user.share_link, programme.referred_reward, programme.name),
    }
    if referred is not None:
        reward = referred.reward
        body["referredBy"] = {
            "code": referred.referral.code,
            "referredReward": {
                "fuelTankCode": reward.fuel_tank_code if reward else None,
                "description": (referred.programme or programme).referred_reward,
            },
        }
    return body


def _participant(
    db: Session, user: ReferralUser, referred: _Referred | None
) -> templates.Participant:
    referred_count, converted_count = repository.referral_counts(db, user.id)
    rewards = tuple(
        f"{r.description} (code {r.fuel_tank_code})" if r.fuel_tank_code else r.description
        for r in repository.rewards_of(db, user.id)
    )
    return templates.Participant(
        first_name=user.first_name,
        share_link=user.share_link,
        referred_count=referred_count,
        converted_count=converted_count,
        rewards=rewards,
        referred=None
        if referred is None
        else templates.Referred(
            converted=referred.referral.status == "CONVERTED",
            reward=referred.programme.referred_reward if referred.programme else "",
            fuel_tank_code=referred.reward.fuel_tank_code if referred.reward else None,
        ),
    )


def render(
    db: Session, tenant: Tenant, user: ReferralUser | None, widget: WidgetRequest
) -> dict[str, Any]:
    """The render response: {template, user, jsOptions}."""
    programme = programme_for(db, tenant, widget.programme_slug)
    # The user object's share texts are the tenant's default programme's, whichever is shown.
    default = programme if widget.programme_slug is None else programme_for(db, tenant)
    referred = _referred(db, user) if user else None
    locale = widget.locale or (user.locale if user else None)
    view = templates.View(
        lang=(locale or "en").replace("_", "-"),
        programme_name=programme.name,
        referrer_reward=programme.referrer_reward,
        referred_reward=programme.referred_reward,
        participant=_participant(db, user, referred) if user else None,
        engagement_medium=widget.engagement_medium,
    )
    return {
        "template": templates.render(widget.widget_type, view),
        "user": _user_json(user, default, referred) if user else None,
        "jsOptions": tenant.js_options,
    }
