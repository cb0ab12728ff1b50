"""The plan catalogue: its seed, the plans as the site API's plans call answers them.

`offered_plans` is the plans call's answer; `plans` is the same as plain data, which other
domains embed in a page (the page globals) or read (the decision engine)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.catalog import repository
from masthead.billing.catalog.cta import badge, cta_text, curation_text
from masthead.billing.catalog.models import BillingPlan
from masthead.billing.catalog.plans import (
    CENT,
    DEFAULT_PRODUCT_ID,
    Plan,
    as_offered,
    discount_percent,
    monthly_price,
    plan_from_raw,
)
from masthead.billing.catalog.schemas import PlanOut, StepUp
from masthead.billing.gateway import (
    PlanSpec,
)
from masthead.billing.gateway.choose import gateway_of
from masthead.deps import Runtime

log = logging.getLogger(__name__)


SEED: tuple[dict[str, Any], ...] = (
    {
        "id": "sports-monthly",
        "name": "Monthly",
        "frequency": 1,
        "amount": Decimal("4.99"),
        "normal_amount": Decimal("4.99"),
        "trial_duration": 7,
        "trial_duration_unit": "day",
        "position": 1,
    },
    {
        "id": "sports-six-month",
        "name": "Six Months",
        "frequency": 6,
        "amount": Decimal("24.99"),
        "normal_amount": Decimal("29.94"),
        "position": 2,
    },
    {
        "id": "sports-annual",
        "name": "Annual",
        "frequency": 12,
        "amount": Decimal("39.99"),
        "normal_amount": Decimal("59.88"),
        "featured": True,
        "position": 3,
    },
)


def seed_catalogue(runtime: Runtime) -> None:
    """Insert the missing seed plans, then publish the catalogue to the payment gateway."""
    with runtime.sessions.begin() as db:
        for spec in SEED:
            if repository.plan_row(db, spec["id"]) is None:
                db.add(BillingPlan(product_id=DEFAULT_PRODUCT_ID, **spec))
    publish_catalogue(runtime)


def publish_catalogue(runtime: Runtime) -> None:
    """Make the gateway's plans match the enabled catalogue (after an edit is committed)."""
    with runtime.sessions() as db:
        specs = [_gateway_plan(row) for row in repository.enabled_plans(db)]
    gateway_of(runtime).publish_plans(specs)


def _gateway_plan(row: BillingPlan) -> PlanSpec:
    trial = row.trial_duration > 0
    return PlanSpec(
        id=row.id,
        price=row.amount,
        billing_frequency=row.frequency,
        name=row.name,
        trial_duration=row.trial_duration if trial else None,
        trial_duration_unit=("month" if row.trial_duration_unit == "month" else "day")
        if trial
        else None,
    )


def to_plan(row: BillingPlan) -> Plan:
    """The row through the same parser raw plan data from any source goes through."""
    step_up = (
        {"amount": row.step_up_amount, "date": row.step_up_date}
        if row.step_up_amount is not None and row.step_up_date is not None
        else None
    )
    return plan_from_raw(
        {
            "id": row.id,
            "name": row.name,
            "product_id": row.product_id,
            "frequency": row.frequency,
            "amount": row.amount,
            "normal_amount": row.normal_amount,
            "first_billing_date": row.first_billing_date,
            "next_billing_date": row.next_billing_date,
            "step_up": step_up,
            "trial_duration": row.trial_duration,
            "trial_duration_unit": row.trial_duration_unit,
            "featured": row.featured,
            "card_heading": row.card_heading,
            "curation": row.curation,
        }
    )


def money(value: Decimal) -> str:
    return str(value.quantize(CENT))


def plan_out(plan: Plan) -> PlanOut:
    """One value of GET /wp-json/nyp-membership/v1/plans: raw fields plus computed texts."""
    step = plan.stepUpPricing
    return PlanOut(
        id=plan.planId,
        name=plan.planName,
        product_id=plan.productId,
        frequency=plan.billingInterval,
        amount=money(plan.amount),
        normal_amount=money(plan.normalAmount),
        first_billing_date=_iso(plan.firstBillingDate),
        next_billing_date=_iso(plan.nextBillingDate),
        step_up=None
        if step is None
        else StepUp(amount=money(step.amount), date=step.date.isoformat()),
        trial_duration=plan.trialDuration,
        trial_duration_unit=plan.trialDurationUnit,
        featured=plan.featured,
        card_heading=plan.cardHeading,
        curation=curation_text(plan, None),
        cta_text=cta_text(plan),
        badge=badge(plan),
        monthly_price=money(monthly_price(plan)),
        discount_percent=discount_percent(plan),
    )


def _iso(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


def offered_plans(db: Session, today: date) -> dict[str, PlanOut]:
    """The catalogue as offered today: past a plan's step-up date, at the step-up price."""
    return {
        row.id: plan_out(as_offered(to_plan(row), today)) for row in repository.enabled_plans(db)
    }


def plans(db: Session, today: date) -> dict[str, dict[str, Any]]:
    """offered_plans as plain data (billing's public face: page globals, decisions)."""
    return plans_of(repository.enabled_plans(db), today)


def plans_of(rows: Iterable[BillingPlan], today: date) -> dict[str, dict[str, Any]]:
    """plans() of enabled plan rows read elsewhere, in catalogue order: the publisher pages
    read them on the hot reader (site/repository.py), as rows with BillingPlan's names."""
    return {row.id: plan_out(as_offered(to_plan(row), today)).model_dump() for row in rows}


def plan_ids(db: Session) -> set[str]:
    """The enabled plans' ids (for rules that name one)."""
    return {row.id for row in repository.enabled_plans(db)}
