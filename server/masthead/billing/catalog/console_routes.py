"""The plan catalogue and its discounts in the staff console (/admin/api/plans,
/admin/api/discounts; marketing): HTTP only, on the same editing service as the operator API
and the CLI, each change audited with the member who made it."""

from __future__ import annotations

from fastapi import APIRouter, Response

from masthead.billing.catalog import editing
from masthead.billing.catalog.edit_schemas import (
    DISCOUNT_HELP,
    PLAN_HELP,
    DiscountAdminOut,
    DiscountFields,
    DiscountId,
    DiscountListOut,
    NewDiscountIn,
    NewPlanIn,
    PlanAdminOut,
    PlanFields,
    PlanId,
    PlanListOut,
)
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.staff.api import ROLE_ERRORS, MarketingDep

router = APIRouter(prefix="/admin/api", tags=["staff"])

READ_ERRORS: dict[int | str, dict[str, object]] = {**ROLE_ERRORS, 404: {}}
WRITE_ERRORS: dict[int | str, dict[str, object]] = {**ROLE_ERRORS, 400: {}, 404: {}, 409: {}}


def _no_store(response: Response) -> None:
    response.headers["Cache-Control"] = "no-store"


@router.get(
    "/plans",
    response_model=PlanListOut,
    responses=ROLE_ERRORS,
    summary="Every plan, offered or not, in card order, with its live members (marketing)",
)
def list_plans(_: MarketingDep, db: DbDep, response: Response) -> PlanListOut:
    _no_store(response)
    return editing.list_plans(db)


@router.post(
    "/plans",
    response_model=PlanAdminOut,
    status_code=201,
    responses=WRITE_ERRORS,
    summary="Add a plan (marketing; audited)",
    description="409 `plan-exists` when the id is taken." + PLAN_HELP,
)
def create_plan(
    body: NewPlanIn, staff: MarketingDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> PlanAdminOut:
    return editing.create_plan(db, rt, body, staff.actor, address)


@router.get(
    "/plans/{plan_id}",
    response_model=PlanAdminOut,
    responses=READ_ERRORS,
    summary="One plan (marketing)",
)
def show_plan(plan_id: PlanId, _: MarketingDep, db: DbDep, response: Response) -> PlanAdminOut:
    _no_store(response)
    return editing.show_plan(db, plan_id)


@router.put(
    "/plans/{plan_id}",
    response_model=PlanAdminOut,
    responses=WRITE_ERRORS,
    summary="Change a plan (marketing; audited)",
    description="404 `plan-not-found`; 409 `plan-in-use` for a new billing interval while "
    "members are on the plan." + PLAN_HELP,
)
def update_plan(
    plan_id: PlanId,
    body: PlanFields,
    staff: MarketingDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> PlanAdminOut:
    return editing.update_plan(db, rt, plan_id, body, staff.actor, address)


@router.get(
    "/discounts",
    response_model=DiscountListOut,
    responses=ROLE_ERRORS,
    summary="Every discount, offered or not (marketing)",
)
def list_discounts(_: MarketingDep, db: DbDep, response: Response) -> DiscountListOut:
    _no_store(response)
    return editing.list_discounts(db)


@router.post(
    "/discounts",
    response_model=DiscountAdminOut,
    status_code=201,
    responses=WRITE_ERRORS,
    summary="Add a discount (marketing; audited)",
    description="409 `discount-exists` when the id is taken." + DISCOUNT_HELP,
)
def create_discount(
    body: NewDiscountIn, staff: MarketingDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> DiscountAdminOut:
    return editing.create_discount(db, rt, body, staff.actor, address)


@router.get(
    "/discounts/{discount_id}",
    response_model=DiscountAdminOut,
    responses=READ_ERRORS,
    summary="One discount (marketing)",
)
def show_discount(
    discount_id: DiscountId, _: MarketingDep, db: DbDep, response: Response
) -> DiscountAdminOut:
    _no_store(response)
    return editing.show_discount(db, discount_id)


@router.put(
    "/discounts/{discount_id}",
    response_model=DiscountAdminOut,
    responses=WRITE_ERRORS,
    summary="Change a discount (marketing; audited)",
    description="404 `discount-not-found`." + DISCOUNT_HELP,
)
def update_discount(
    discount_id: DiscountId,
    body: DiscountFields,
    staff: MarketingDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> DiscountAdminOut:
    return editing.update_discount(db, rt, discount_id, body, staff.actor, address)
