"""The render response: {template, user, jsOptions}, and the user object squatch-js reads."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masthead.referrals import repository, templates
from masthead.referrals.inputs import WidgetRequest
from masthead.referrals.models import ReferralUser, Tenant
from masthead.referrals.service import programme_for
from masthead.referrals.share import share_links


def user_json(db: Session, tenant: Tenant, user: ReferralUser) -> dict[str, Any]:
    programme = programme_for(db, tenant)
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
    referral = repository.referral_of(db, user.id)
    if referral is not None:
        referred_programme = repository.programme_by_id(db, referral.programme_id) or programme
        reward = repository.reward_for(db, referral.id, "referred")
        body["referredBy"] = {
            "code": referral.code,
            "referredReward": {
                "fuelTankCode": reward.fuel_tank_code if reward else None,
                "description": referred_programme.referred_reward,
            },
        }
    return body


def _participant(db: Session, user: ReferralUser) -> templates.Participant:
    referred_count, converted_count = repository.referral_counts(db, user.id)
    rewards = tuple(
        f"{r.description} (code {r.fuel_tank_code})" if r.fuel_tank_code else r.description
        for r in repository.rewards_of(db, user.id)
    )
    referred = None
    referral = repository.referral_of(db, user.id)
    if referral is not None:
        programme = repository.programme_by_id(db, referral.programme_id)
        reward = repository.reward_for(db, referral.id, "referred")
        referred = templates.Referred(
            converted=referral.status == "CONVERTED",
            reward=programme.referred_reward if programme else "",
            fuel_tank_code=reward.fuel_tank_code if reward else None,
        )
    return templates.Participant(
        first_name=user.first_name,
        share_link=user.share_link,
        referred_count=referred_count,
        converted_count=converted_count,
        rewards=rewards,
        referred=referred,
    )


def render(
    db: Session, tenant: Tenant, user: ReferralUser | None, widget: WidgetRequest
) -> dict[str, Any]:
    """The render response: {template, user, jsOptions}."""
    programme = programme_for(db, tenant, widget.programme_slug)
    locale = widget.locale or (user.locale if user else None)
    view = templates.View(
        lang=(locale or "en").replace("_", "-"),
        programme_name=programme.name,
        referrer_reward=programme.referrer_reward,
        referred_reward=programme.referred_reward,
        participant=_participant(db, user) if user else None,
        engagement_medium=widget.engagement_medium,
    )
    return {
        "template": templates.render(widget.widget_type, view),
        "user": user_json(db, tenant, user) if user else None,
        "jsOptions": tenant.js_options,
    }
