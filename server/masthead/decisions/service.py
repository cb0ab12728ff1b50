"""Decision rules: one function per feature slug, each answering the feature's outputValue.

The publisher-site features (membership-entitlement-check, ...) are added to FEATURES.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing import service as billing
from masthead.decisions import available_plans
from masthead.decisions.rules import Visitor
from masthead.deps import Runtime
from masthead.identity.profile_fields import read_profile
from masthead.identity.repository import Reader


class UnknownFeature(LookupError):
    pass


@dataclass(frozen=True)
class DecisionContext:
    db: Session
    rt: Runtime
    reader: Reader | None
    path: str
    content_id: str | None
    in_supported_region: bool

    @property
    def visitor(self) -> Visitor:
        if self.reader is None:
            return Visitor(signed_in=False)
        return Visitor(
            signed_in=True, had_trial=bool(read_profile(self.reader.attributes)["had-trial"])
        )


def _available_plans(ctx: DecisionContext) -> str:
    catalog = [
        available_plans.CatalogPlan(id=plan_id, has_trial=int(plan["trial_duration"]) > 0)
        for plan_id, plan in billing.plans(ctx.db).items()
    ]
    choices = available_plans.decide(
        catalog,
        ctx.rt.settings.available_plans,
        ctx.path,
        ctx.visitor,
        ctx.in_supported_region,
    )
    return available_plans.plan_lines(choices)


FEATURES: dict[str, Callable[[DecisionContext], Any]] = {
    available_plans.SLUG: _available_plans,
}


def decide(ctx: DecisionContext, slug: str) -> Any:
    feature = FEATURES.get(slug)
    if feature is None:
        raise UnknownFeature(slug)
    return feature(ctx)
