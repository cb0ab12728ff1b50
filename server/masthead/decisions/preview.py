"""The console's preview: what the decision engine answers a reader now, feature by feature,
which rule decided, and the plans the payflow would list. Nothing is stored.

It decides through the live engine's own code, not a copy: service.DecisionContext and its
facts, the features' functions and per_view_answer (which session_decisions.py answers every
article view with), the rules from rule_cache.py. Only two things are the preview's: the
reader is found by email instead of by session (no session is made), and a draft rule may
stand in for a saved one (service.Draft).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masthead.billing import api as billing
from masthead.decisions import repository, service
from masthead.decisions.console_schemas import (
    PreviewDecision,
    PreviewIn,
    PreviewOut,
    PreviewPlan,
    PreviewReader,
)
from masthead.decisions.outputs import (
    AVAILABLE_PLANS,
    CANCEL_FLOW_OFFER,
    ENTITLEMENT,
    TEXT_CAMPAIGNS,
    PlanChoice,
    RuleIn,
    parse_output,
)
from masthead.decisions.rules import Rule
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import HomeDelivery, Reader, user_by_email
from masthead.region import country_supported

FEATURE_ORDER = (AVAILABLE_PLANS, ENTITLEMENT, CANCEL_FLOW_OFFER, TEXT_CAMPAIGNS)
# Higher than any saved rule's id: a new draft comes after saved rules of its priority, as it
# would once saved.
DRAFT_ID = 2**31


def reader_by_email(db: Session, email: str) -> Reader:
    """The account as the session check would read it (identity's LIVE_SESSION_READER: the
    profile, and home delivery for a verified address), without a session."""
    user = user_by_email(db, email.strip().lower())
    if user is None:
        raise ApiError(404, "reader-not-found", f"There is no reader with the email {email}.")
    delivery = db.get(HomeDelivery, user.email)
    home_delivery = bool(delivery is not None and delivery.active and user.email_verified)
    return Reader(0, user.id, user.email, user.tracking_id, user.profile.attributes, home_delivery)


def _draft(body: PreviewIn) -> service.Draft | None:
    if body.draft is None:
        return None if body.replaces is None else service.Draft("", None, body.replaces)
    rule = _as_rule(body.draft, body.replaces or DRAFT_ID)
    return service.Draft(body.draft.feature, rule if body.draft.enabled else None, body.replaces)


def _as_rule(body: RuleIn, rule_id: int) -> Rule:
    """The draft as rule_cache.py would read it once stored (its output is stored's already)."""
    return Rule(rule_id, body.priority, body.conditions, parse_output(body.feature, body.output))


def preview(db: Session, rt: Runtime, body: PreviewIn) -> PreviewOut:
    reader = None if not body.email else reader_by_email(db, body.email)
    country = body.country.upper() if body.country else None
    ctx = service.DecisionContext(
        db=db,
        rt=rt,
        reader=reader,
        path=body.path,
        content_id=None,
        in_supported_region=country_supported(country, rt.settings),
        country=country,
        draft=_draft(body),
    )
    entitled = _server_entitled(ctx)
    decisions = [_decision(db, ctx, feature, entitled) for feature in FEATURE_ORDER]
    return PreviewOut(
        reader=None if reader is None else _reader_out(ctx, reader, entitled),
        path=body.path,
        country=country,
        inSupportedRegion=ctx.in_supported_region,
        decisions=decisions,
        plans=_plans(ctx, service.available_plan_choices(ctx)),
    )


def _server_entitled(ctx: service.DecisionContext) -> bool:
    """site/entitlement.decide's question, from the facts the rules see."""
    account = ctx.account
    return account is not None and billing.is_member(account.status, ctx.facts.products)


def _decision(
    db: Session, ctx: service.DecisionContext, feature: str, entitled: bool
) -> PreviewDecision:
    rule: Rule | None
    value: Any
    if feature in (ENTITLEMENT, TEXT_CAMPAIGNS):
        rule, value = service.per_view_answer(
            feature, ctx.facts, entitled, service.rules_of(ctx, feature)
        )
    else:
        rule, value = service.deciding_rule(ctx, feature), service.decide(ctx, feature)
    by_draft = ctx.draft is not None and rule is not None and rule is ctx.draft.rule
    description = None
    if by_draft and ctx.draft is not None:
        description = "This draft"
    elif rule is not None:
        saved = repository.rule(db, rule.id)
        description = None if saved is None else saved.description
    return PreviewDecision(
        feature=feature,
        outputValue=value,
        ruleId=None if rule is None or by_draft else rule.id,
        ruleDescription=description,
        draft=by_draft,
    )


def _reader_out(ctx: service.DecisionContext, reader: Reader, entitled: bool) -> PreviewReader:
    facts = ctx.facts
    return PreviewReader(
        email=reader.email,
        status=str(facts.status),
        products=sorted(facts.products),
        plans=sorted(facts.plans),
        hadTrial=facts.had_trial,
        entitled=entitled,
    )


def _plans(ctx: service.DecisionContext, choices: list[PlanChoice]) -> list[PreviewPlan]:
    """The cards as the account area shows them (payflow/availablePlans.ts applies the same
    options): the offered plan, its featured flag and badge, its curation line."""
    offered = billing.plans(ctx.db, ctx.rt.clock.now().date())
    cards = []
    for choice in choices:
        plan = offered[choice.id]
        featured = plan["featured"] if choice.featured is None else choice.featured
        cards.append(
            PreviewPlan(
                id=choice.id,
                name=plan["name"],
                frequency=plan["frequency"],
                amount=plan["amount"],
                cta_text=plan["cta_text"],
                featured=featured,
                badge=billing.FEATURED_BADGE if featured else None,
                curation=plan["curation"] if choice.curation is None else choice.curation,
            )
        )
    return cards
