"""The plan catalogue's operator API (/operator/v1/plans, /operator/v1/discounts): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_CATALOG_KEY as a bearer
token (operator_auth.py); the API is absent (404) while the setting is empty. The same
editing service and rules as the console; changes are audited without a staff member.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Response

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
from masthead.operator_auth import bearer_key_check

router = APIRouter(prefix="/operator/v1", tags=["operator"])
OperatorDep = Annotated[None, Depends(bearer_key_check(lambda s: s.catalog_key, "catalog"))]
READ_ERRORS: dict[int | str, dict[str, object]] = {401: {}, 404: {}}
WRITE_ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 404: {}, 409: {}}


def _no_store(response: Response) -> None:
    response.headers["Cache-Control"] = "no-store"


@router.get(
    "/plans",
    response_model=PlanListOut,
    responses=READ_ERRORS,
    summary="Every plan, offered or not, in card order (operator API)",
)
def list_plans(_: OperatorDep, db: DbDep, response: Response) -> PlanListOut:
    _no_store(response)
    return editing.list_plans(db)


@router.post(
    "/plans",
    response_model=PlanAdminOut,
    status_code=201,
    responses=WRITE_ERRORS,
    summary="Add a plan (operator API)",
    description="409 `plan-exists` when the id is taken." + PLAN_HELP,
)
def create_plan(
    body: NewPlanIn, _: OperatorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> PlanAdminOut:
    return editing.create_plan(db, rt, body, None, address)


@router.get(
    "/plans/{plan_id}",
    response_model=PlanAdminOut,
    responses=READ_ERRORS,
    summary="One plan (operator API)",
)
def show_plan(plan_id: PlanId, _: OperatorDep, db: DbDep, response: Response) -> PlanAdminOut:
    _no_store(response)
    return editing.show_plan(db, plan_id)


@router.put(
    "/plans/{plan_id}",
    response_model=PlanAdminOut,
    responses=WRITE_ERRORS,
    summary="Change a plan (operator API)",
    description="404 `plan-not-found`; 409 `plan-in-use` for a new billing interval while "
    "members are on the plan." + PLAN_HELP,
)
def update_plan(
    plan_id: PlanId,
    body: PlanFields,
    _: OperatorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> PlanAdminOut:
    return editing.update_plan(db, rt, plan_id, body, None, address)


@router.get(
    "/discounts",
    response_model=DiscountListOut,
    responses=READ_ERRORS,
    summary="Every discount, offered or not (operator API)",
)
def list_discounts(_: OperatorDep, db: DbDep, response: Response) -> DiscountListOut:
    _no_store(response)
    return editing.list_discounts(db)


@router.post(
    "/discounts",
    response_model=DiscountAdminOut,
    status_code=201,
    responses=WRITE_ERRORS,
    summary="Add a discount (operator API)",
    description="409 `discount-exists` when the id is taken." + DISCOUNT_HELP,
)
def create_discount(
    body: NewDiscountIn, _: OperatorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> DiscountAdminOut:
    return editing.create_discount(db, rt, body, None, address)


@router.get(
    "/discounts/{discount_id}",
    response_model=DiscountAdminOut,
    responses=READ_ERRORS,
    summary="One discount (operator API)",
)
def show_discount(
    discount_id: DiscountId, _: OperatorDep, db: DbDep, response: Response
) -> DiscountAdminOut:
    _no_store(response)
    return editing.show_discount(db, discount_id)


@router.put(
    "/discounts/{discount_id}",
    response_model=DiscountAdminOut,
    responses=WRITE_ERRORS,
    summary="Change a discount (operator API)",
    description="404 `discount-not-found`." + DISCOUNT_HELP,
)
def update_discount(
    discount_id: DiscountId,
    body: DiscountFields,
    _: OperatorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> DiscountAdminOut:
    return editing.update_discount(db, rt, discount_id, body, None, address)
