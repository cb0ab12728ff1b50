"""The rules a new installation starts with: today's behaviour, written as data.

`seed_rules` adds a feature's defaults only while that feature has no rules at all, so an
operator's edits (a deleted default included) survive every later start. `make run` seeds
them with the demo; in production run `python -m masthead.decisions.cli seed` once.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.api import MEMBER_LIKE
from masthead.decisions import repository
from masthead.decisions.models import DecisionRule
from masthead.decisions.outputs import (
    AVAILABLE_PLANS,
    CANCEL_FLOW_OFFER,
    ENTITLEMENT,
    TEXT_CAMPAIGNS,
    RuleIn,
)
from masthead.identity.api import HOME_DELIVERY_PRODUCT_ID

_MEMBERS = {"statuses": sorted(MEMBER_LIKE)}
_HOME_DELIVERY = {"products": [HOME_DELIVERY_PRODUCT_ID]}
THANKS = "Thanks for being a {membership} member."


def _offer(priority: int, plan_id: str, discount_id: str) -> dict[str, Any]:
    return {
        "feature": CANCEL_FLOW_OFFER,
        "priority": priority,
        "description": f"An active {plan_id} member who opens the cancel dialog",
        "conditions": {"statuses": ["Active"], "plans": [plan_id]},
        "output": {"discountId": discount_id},
    }


DEFAULT_RULES: tuple[dict[str, Any], ...] = (
    {
        "feature": AVAILABLE_PLANS,
        "priority": 100,
        "description": "No second trial: plans without one first",
        "conditions": {"readers": "had-trial"},
        "output": {"catalogue": "without-trial-first"},
    },
    {
        "feature": AVAILABLE_PLANS,
        "priority": 1000,
        "description": "Every enabled plan, in catalogue order",
        "output": {"catalogue": "in-order"},
    },
    {
        "feature": ENTITLEMENT,
        "priority": 100,
        "description": "Members (a member-like status)",
        "conditions": _MEMBERS,
        "output": {"entitled": True},
    },
    {
        "feature": ENTITLEMENT,
        "priority": 110,
        "description": "Home delivery readers",
        "conditions": _HOME_DELIVERY,
        "output": {"entitled": True},
    },
    {
        "feature": ENTITLEMENT,
        "priority": 1000,
        "description": "Everyone else",
        "output": {"entitled": False},
    },
    _offer(100, "sports-monthly", "stay-monthly-3"),
    _offer(110, "sports-six-month", "stay-six-month-5"),
    _offer(120, "sports-annual", "stay-annual-10"),
    {
        "feature": TEXT_CAMPAIGNS,
        "priority": 100,
        "description": "Members: thanks, no call to action",
        "conditions": _MEMBERS,
        "output": {"ctaHeading": "", "subtext": THANKS},
    },
    {
        "feature": TEXT_CAMPAIGNS,
        "priority": 110,
        "description": "Home delivery readers: thanks, no call to action",
        "conditions": _HOME_DELIVERY,
        "output": {"ctaHeading": "", "subtext": THANKS},
    },
    {
        "feature": TEXT_CAMPAIGNS,
        "priority": 1000,
        "description": "Everyone else: the membership offer",
        "output": {
            "ctaHeading": "Get {membership}",
            "subtext": "{membership} members read every story. {action}.",
        },
    },
)


def new_row(rule: RuleIn, now: Any) -> DecisionRule:
    return DecisionRule(
        feature=rule.feature,
        priority=rule.priority,
        enabled=rule.enabled,
        description=rule.description,
        conditions=rule.conditions.stored(),
        output=rule.output,
        updated_at=now,
    )


def seed_rules(db: Session, now: Any) -> list[str]:
    """Adds the defaults of every feature that has no rules; the features seeded."""
    rules = [RuleIn.model_validate(raw) for raw in DEFAULT_RULES]
    features: list[str] = list(dict.fromkeys(r.feature for r in rules))
    seeded = [f for f in features if repository.count(db, f) == 0]
    db.add_all(new_row(rule, now) for rule in rules if rule.feature in seeded)
    db.flush()
    return seeded
