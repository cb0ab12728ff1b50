"""The decision engine: one function per feature slug, each answering its outputValue from
the feature's rules (rule_cache.py, the one source of rules) and the request's facts.

The features a page asks only now and then (available-plans, cancel-flow-offer) are decided
here in a unit of work; the two every article view asks are session_decisions.py's, decided
on the event loop from the same rules, facts and outputs (reader_facts, entitlement_value,
text_campaigns_value)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing import api as billing
from masthead.billing.api import BillingError, discounts
from masthead.decisions import available_plans, rule_cache
from masthead.decisions.outputs import (
    AVAILABLE_PLANS,
    CANCEL_FLOW_OFFER,
    ENTITLEMENT,
    AvailablePlansOutput,
    CancelFlowOfferOutput,
    EntitlementOutput,
    PlanChoice,
    TextCampaignsOutput,
)
from masthead.decisions.rules import Facts, Rule, first_match
from masthead.deps import Runtime
from masthead.identity.api import Reader, data_layer

log = logging.getLogger(__name__)

ACCEPT_LABEL = "Accept offer"


class UnknownFeature(LookupError):
    pass


@dataclass(frozen=True)
class Draft:
    """A rule not saved yet, decided as if it were (the console's preview): it takes the place
    of the rule it edits (`replaces`), or joins its feature's rules; a disabled draft (`rule`
    None) only takes the edited rule away."""

    feature: str
    rule: Rule | None
    replaces: int | None = None


@dataclass(frozen=True)
class DecisionContext:
    db: Session
    rt: Runtime
    reader: Reader | None
    path: str
    content_id: str | None
    in_supported_region: bool
    country: str | None = None
    draft: Draft | None = None  # the console's preview only

    @cached_property
    def account(self) -> billing.AccountFacts | None:
        return None if self.reader is None else billing.account_facts(self.db, self.rt, self.reader)

    @cached_property
    def facts(self) -> Facts:
        base = Facts(
            path=self.path, in_supported_region=self.in_supported_region, country=self.country
        )
        if self.reader is None or self.account is None:
            return base
        return reader_facts(base, self.reader, self.account.status, self.account.live_plan_ids)


def reader_facts(base: Facts, reader: Reader, status: str, plans: frozenset[str]) -> Facts:
    """A signed-in reader's facts over the request's (`base`: path, region, country)."""
    layer = data_layer(reader)
    return replace(
        base,
        signed_in=True,
        email=reader.email.lower(),
        had_trial=layer.hadTrial,
        status=str(status),
        products=frozenset(layer.products),
        plans=plans,
    )


def rules_of(ctx: DecisionContext, feature: str) -> list[Rule]:
    """The feature's enabled rules (rule_cache.py), with the preview's draft in its place."""
    rules = rule_cache.rules_in(ctx.db, ctx.rt, feature)
    draft = ctx.draft
    if draft is None:
        return rules
    kept = [rule for rule in rules if rule.id != draft.replaces]
    return [*kept, draft.rule] if draft.feature == feature and draft.rule else kept


def deciding_rule(ctx: DecisionContext, feature: str) -> Rule | None:
    return first_match(rules_of(ctx, feature), ctx.facts)


def deciding_output(ctx: DecisionContext, feature: str) -> Any:
    rule = deciding_rule(ctx, feature)
    return None if rule is None else rule.output


def available_plan_choices(ctx: DecisionContext) -> list[PlanChoice]:
    """The plans offered, in order, with their cards' options (the payflow's list)."""
    output: AvailablePlansOutput | None = deciding_output(ctx, AVAILABLE_PLANS)
    catalog = [
        available_plans.CatalogPlan(id=plan_id, has_trial=int(plan["trial_duration"]) > 0)
        for plan_id, plan in billing.plans(ctx.db, ctx.rt.clock.now().date()).items()
    ]
    return available_plans.decide(catalog, output, ctx.in_supported_region)


def _available_plans(ctx: DecisionContext) -> str:
    return available_plans.plan_lines(available_plan_choices(ctx))


def entitlement_value(output: EntitlementOutput | None) -> bool:
    """For a reader the server finds entitled (site/entitlement.py): the deciding rule may
    withhold it, never grant it."""
    return output is None or output.entitled


def _cancel_flow_offer(ctx: DecisionContext) -> dict[str, Any]:
    """{"offer": null} or the offer on the reader's live subscription, which must be one
    the discounts call would let them take."""
    nothing: dict[str, Any] = {"offer": None}
    account = ctx.account
    if ctx.reader is None or account is None or account.live_subscription_id is None:
        return nothing
    output: CancelFlowOfferOutput | None = deciding_output(ctx, CANCEL_FLOW_OFFER)
    if output is None or output.discountId is None:
        return nothing
    subscription_id = account.live_subscription_id
    try:
        eligible = discounts.offers(ctx.db, ctx.reader, subscription_id, "any")
    except BillingError:
        return nothing
    found = next((d for d in eligible if d["id"] == output.discountId), None)
    if found is None:
        log.info("cancel-flow-offer: %r is not available on %s", output.discountId, subscription_id)
        return nothing
    return {
        "offer": {
            "subscriptionId": subscription_id,
            "discountId": found["id"],
            "heading": output.heading or f"Before you go: {found['name']}",
            "text": output.text or found["description"],
            "acceptLabel": output.acceptLabel or ACCEPT_LABEL,
            "priceWithDiscount": found["price_with_discount"],
            "numberOfBillingCycles": found["number_of_billing_cycles"],
        }
    }


def text_campaigns_value(output: TextCampaignsOutput | None) -> dict[str, str]:
    return {} if output is None else output.model_dump(exclude_none=True)


def per_view_answer(
    feature: str, facts: Facts, entitled: bool, rules: list[Rule]
) -> tuple[Rule | None, Any]:
    """The deciding rule and outputValue of a feature every article view asks
    (session_decisions.py), from the request's facts, the server's own entitlement decision
    and the feature's rules: pure, shared by the live call and the console's preview."""
    if feature == ENTITLEMENT and not entitled:
        return None, False  # a rule can withhold entitlement, never grant it
    rule = first_match(rules, facts)
    output = None if rule is None else rule.output
    if feature == ENTITLEMENT:
        return rule, entitlement_value(output)
    return rule, text_campaigns_value(output)


FEATURES: dict[str, Callable[[DecisionContext], Any]] = {
    AVAILABLE_PLANS: _available_plans,
    CANCEL_FLOW_OFFER: _cancel_flow_offer,
}


def decide(ctx: DecisionContext, slug: str) -> Any:
    feature = FEATURES.get(slug)
    if feature is None:
        raise UnknownFeature(slug)
    return feature(ctx)
