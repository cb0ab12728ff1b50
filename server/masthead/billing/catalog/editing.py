"""Editing the plan catalogue and its discounts: the one service behind the console
(/admin/api/plans, /admin/api/discounts), the operator API and the CLI.

What an edit means for readers who are already members:
- A plan's id is the gateway's plan id, and a discount's its discount id: neither is ever
  renamed (a new id is a new plan), nor is a plan or discount deleted (members are on it, or
  took it). Disabling hides a plan from new readers, and withdraws a discount's offer.
- A price change is for new members (and members who switch to or restart the plan): live
  subscriptions keep the price they have at the gateway. To raise the price of everyone on
  the plan, set a step-up price and date: each member gets a notice mail first
  (memberships/step_up.py), so a new step-up date is at least STEP_UP_NOTICE_DAYS away.
- A discount's new terms count for offers taken from now on; a subscription keeps the
  discount it took.
After a plan edit is committed the catalogue is published to the gateway (the embedded
sandbox's plans follow; Braintree's are set up in its control panel, so there it changes
nothing). Every change is audited in its transaction: who (None: the operator API or the
CLI), before and after.
"""

from __future__ import annotations

import logging
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session

from masthead.billing.catalog import repository
from masthead.billing.catalog.edit_schemas import (
    DiscountAdminOut,
    DiscountFields,
    DiscountListOut,
    NewDiscountIn,
    NewPlanIn,
    PlanAdminOut,
    PlanFields,
    PlanListOut,
)
from masthead.billing.catalog.models import BillingDiscount, BillingPlan
from masthead.billing.catalog.plans import format_usd
from masthead.billing.catalog.service import publish_catalogue
from masthead.billing.memberships.step_up import STEP_UP_NOTICE_DAYS
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.staff.api import Actor, record_action

log = logging.getLogger(__name__)

PLAN_CREATED, PLAN_UPDATED = "plan.created", "plan.updated"
DISCOUNT_CREATED, DISCOUNT_UPDATED = "discount.created", "discount.updated"
MAX_TRIAL = {"day": 365, "month": 12}
PLAN_FIELDS = tuple(PlanFields.model_fields)
DISCOUNT_FIELDS = tuple(DiscountFields.model_fields)


class CatalogError(ApiError):
    """A refusal of the catalogue's editing, answered as the API's one error shape."""


def _invalid_plan(message: str) -> CatalogError:
    return CatalogError(400, "invalid-plan", message)


def _invalid_discount(message: str) -> CatalogError:
    return CatalogError(400, "invalid-discount", message)


# Plans


def _plan_out(row: BillingPlan, members: int) -> PlanAdminOut:
    money = _money_text
    return PlanAdminOut(
        id=row.id,
        name=row.name,
        product_id=row.product_id,
        frequency=row.frequency,
        amount=money(row.amount),
        normal_amount=None if row.normal_amount is None else money(row.normal_amount),
        first_billing_date=row.first_billing_date,
        next_billing_date=row.next_billing_date,
        step_up_amount=None if row.step_up_amount is None else money(row.step_up_amount),
        step_up_date=row.step_up_date,
        trial_duration=row.trial_duration,
        trial_duration_unit="month" if row.trial_duration_unit == "month" else "day",
        featured=row.featured,
        card_heading=row.card_heading,
        curation=row.curation,
        position=row.position,
        enabled=row.enabled,
        members=members,
    )


def _money_text(value: Decimal) -> str:
    return f"{value:.2f}"


def list_plans(db: Session) -> PlanListOut:
    members = repository.live_members(db)
    return PlanListOut(plans=[_plan_out(r, members.get(r.id, 0)) for r in repository.all_plans(db)])


def _existing_plan(db: Session, plan_id: str) -> BillingPlan:
    row = repository.plan_row(db, plan_id)
    if row is None:
        raise CatalogError(404, "plan-not-found", f'There is no plan "{plan_id}".')
    return row


def show_plan(db: Session, plan_id: str) -> PlanAdminOut:
    row = _existing_plan(db, plan_id)
    return _plan_out(row, repository.live_members(db, [row.id]).get(row.id, 0))


def check_plan(fields: PlanFields, today: date, kept_step_up: date | None = None) -> None:
    """The rules across a plan's fields. `kept_step_up`: the step-up date the plan has now,
    which may stay as it is (its notices are sent or being sent)."""
    amount = Decimal(fields.amount)
    if fields.normal_amount is not None and Decimal(fields.normal_amount) < amount:
        raise _invalid_plan(
            f"The regular price (${fields.normal_amount}) cannot be below the price "
            f"(${fields.amount}). Leave it empty when there is no discount."
        )
    if (fields.step_up_amount is None) != (fields.step_up_date is None):
        raise _invalid_plan("Give the step-up price and its date together, or neither.")
    earliest = today + timedelta(days=STEP_UP_NOTICE_DAYS)
    step_up = fields.step_up_date
    if step_up is not None and step_up != kept_step_up and step_up < earliest:
        raise _invalid_plan(
            f"Members are told of a price rise {STEP_UP_NOTICE_DAYS} days ahead: choose "
            f"a step-up date on or after {earliest.isoformat()}."
        )
    if fields.step_up_amount is not None and Decimal(fields.step_up_amount) == amount:
        raise _invalid_plan("The step-up price is the price already: leave both empty.")
    first, following = fields.first_billing_date, fields.next_billing_date
    if first is not None and following is not None and following < first:
        raise _invalid_plan("The next billing date cannot be before the first billing date.")
    unit = fields.trial_duration_unit
    if fields.trial_duration > MAX_TRIAL[unit]:
        raise _invalid_plan(f"A free trial is at most {MAX_TRIAL[unit]} {unit}s.")


def _plan_values(fields: PlanFields) -> dict[str, Any]:
    values = fields.model_dump(include=set(PLAN_FIELDS))
    for name in ("amount", "normal_amount", "step_up_amount"):
        if values[name] is not None:
            values[name] = Decimal(values[name])
    return values


def _plan_audited(row: BillingPlan) -> dict[str, Any]:
    return _plan_out(row, 0).model_dump(mode="json", exclude={"members"})


def create_plan(
    db: Session, rt: Runtime, body: NewPlanIn, actor: Actor | None, address: str | None
) -> PlanAdminOut:
    if repository.plan_row(db, body.id) is not None:
        raise CatalogError(
            409, "plan-exists", f'There is a plan "{body.id}" already. Edit it, or choose a new id.'
        )
    now = rt.clock.now()
    check_plan(body, now.date())
    row = BillingPlan(id=body.id, **_plan_values(body))
    db.add(row)
    db.flush()
    after = _plan_audited(row)
    record_action(
        db,
        now,
        PLAN_CREATED,
        actor,
        target_type="plan",
        target_id=row.id,
        after=after,
        address=address,
    )
    _publish_after_commit(db, rt)
    return _plan_out(row, 0)


def update_plan(
    db: Session,
    rt: Runtime,
    plan_id: str,
    fields: PlanFields,
    actor: Actor | None,
    address: str | None,
) -> PlanAdminOut:
    row = _existing_plan(db, plan_id)
    now = rt.clock.now()
    check_plan(fields, now.date(), kept_step_up=row.step_up_date)
    members = repository.live_members(db, [row.id]).get(row.id, 0)
    if fields.frequency != row.frequency and members:
        raise CatalogError(
            409,
            "plan-in-use",
            f"{members} {'member is' if members == 1 else 'members are'} on this plan, billed "
            "at its interval: the interval cannot change. Make a new plan instead.",
        )
    before = _plan_audited(row)
    for name, value in _plan_values(fields).items():
        setattr(row, name, value)
    db.flush()
    after = _plan_audited(row)
    if after != before:
        record_action(
            db,
            now,
            PLAN_UPDATED,
            actor,
            target_type="plan",
            target_id=row.id,
            before=before,
            after=after,
            address=address,
        )
        _publish_after_commit(db, rt)
    return _plan_out(row, members)


def _publish_after_commit(db: Session, rt: Runtime) -> None:
    """The gateway's plans follow the catalogue once the edit is committed (the sandbox writes
    in a transaction of its own, which must not wait for ours). A failure is logged: the next
    start publishes the catalogue again, and Braintree's plans are kept in its panel anyway."""

    def publish(_session: Session) -> None:
        try:
            publish_catalogue(rt)
        except Exception:
            log.exception("publishing the plan catalogue to the gateway failed")

    event.listen(db, "after_commit", publish, once=True)


# Discounts


def _discount_out(row: BillingDiscount) -> DiscountAdminOut:
    return DiscountAdminOut(
        id=row.id,
        name=row.name,
        description=row.description,
        amount=_money_text(row.amount),
        number_of_billing_cycles=row.number_of_billing_cycles,
        plan_ids=list(row.plan_ids or []),
        purpose=row.purpose,
        enabled=row.enabled,
    )


def list_discounts(db: Session) -> DiscountListOut:
    return DiscountListOut(discounts=[_discount_out(r) for r in repository.all_discounts(db)])


def _existing_discount(db: Session, discount_id: str) -> BillingDiscount:
    row = repository.discount(db, discount_id)
    if row is None:
        raise CatalogError(404, "discount-not-found", f'There is no discount "{discount_id}".')
    return row


def show_discount(db: Session, discount_id: str) -> DiscountAdminOut:
    return _discount_out(_existing_discount(db, discount_id))


def check_discount(db: Session, fields: DiscountFields) -> None:
    """Its plans exist, once each, and the discount is no more than the cheapest one's price
    (every enabled plan's when it names none)."""
    if len(set(fields.plan_ids)) != len(fields.plan_ids):
        raise _invalid_discount("Each plan is named once.")
    plans = {row.id: row for row in repository.all_plans(db)}
    unknown = [plan_id for plan_id in fields.plan_ids if plan_id not in plans]
    if unknown:
        raise _invalid_discount(
            f'There is no plan "{unknown[0]}". Plans: {", ".join(sorted(plans)) or "none"}.'
        )
    named = [plans[p] for p in fields.plan_ids] or [p for p in plans.values() if p.enabled]
    amount = Decimal(fields.amount)
    for plan in sorted(named, key=lambda p: p.amount):
        if amount > plan.amount:
            raise _invalid_discount(
                f"The discount ({format_usd(amount)}) is more than the {plan.name} plan's "
                f"price ({format_usd(plan.amount)})."
            )


def _discount_values(fields: DiscountFields) -> dict[str, Any]:
    values = fields.model_dump(include=set(DISCOUNT_FIELDS))
    values["amount"] = Decimal(values["amount"])
    return values


def _discount_audited(row: BillingDiscount) -> dict[str, Any]:
    return _discount_out(row).model_dump(mode="json")


def create_discount(
    db: Session, rt: Runtime, body: NewDiscountIn, actor: Actor | None, address: str | None
) -> DiscountAdminOut:
    if repository.discount(db, body.id) is not None:
        raise CatalogError(
            409,
            "discount-exists",
            f'There is a discount "{body.id}" already. Edit it, or choose a new id.',
        )
    check_discount(db, body)
    row = BillingDiscount(id=body.id, purpose="cancel-flow", **_discount_values(body))
    db.add(row)
    db.flush()
    record_action(
        db,
        rt.clock.now(),
        DISCOUNT_CREATED,
        actor,
        target_type="discount",
        target_id=row.id,
        after=_discount_audited(row),
        address=address,
    )
    return _discount_out(row)


def update_discount(
    db: Session,
    rt: Runtime,
    discount_id: str,
    fields: DiscountFields,
    actor: Actor | None,
    address: str | None,
) -> DiscountAdminOut:
    row = _existing_discount(db, discount_id)
    check_discount(db, fields)
    before = _discount_audited(row)
    for name, value in _discount_values(fields).items():
        setattr(row, name, value)
    db.flush()
    after = _discount_audited(row)
    if after != before:
        record_action(
            db,
            rt.clock.now(),
            DISCOUNT_UPDATED,
            actor,
            target_type="discount",
            target_id=row.id,
            before=before,
            after=after,
            address=address,
        )
    return _discount_out(row)
