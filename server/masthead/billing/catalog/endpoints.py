"""The plan catalogue and its discounts over HTTP, once, for two callers: the staff console
(console_routes.py: /admin/api/plans and /admin/api/discounts, marketing) and the operator API
(operator_routes.py: /operator/v1/..., the bearer key MASTHEAD_CATALOG_KEY). Each mounts
catalog_router on its own Mount (staff/callers.py); both edit through editing.py, which
audits every change with the caller as its actor (none for an operator's tool).

Every answer is marked no-store: the catalogue changes under an editor's hands. (No
postponed annotations here: the handlers name CallerDep, made per router, which FastAPI must
see.)
"""

from typing import Annotated

from fastapi import APIRouter, Depends

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
from masthead.no_store import NO_STORE_ANSWER
from masthead.staff.api import Caller, Mount


def catalog_router(mount: Mount) -> APIRouter:
    """The catalogue's routes under the mount's prefix."""
    router = APIRouter(prefix=mount.prefix, tags=list(mount.tags), dependencies=[NO_STORE_ANSWER])
    CallerDep = Annotated[Caller, Depends(mount.caller)]
    who = mount.who
    read_errors = {**mount.errors, 404: {}}
    write_errors = {**mount.errors, 400: {}, 404: {}, 409: {}}

    @router.get(
        "/plans",
        response_model=PlanListOut,
        responses=mount.errors,
        summary=f"Every plan, offered or not, in card order, with its live members ({who})",
    )
    def list_plans(_: CallerDep, db: DbDep) -> PlanListOut:
        return editing.list_plans(db)

    @router.post(
        "/plans",
        response_model=PlanAdminOut,
        status_code=201,
        responses=write_errors,
        summary=f"Add a plan ({who}; audited)",
        description="409 `plan-exists` when the id is taken." + PLAN_HELP,
    )
    def create_plan(body: NewPlanIn, caller: CallerDep, db: DbDep, rt: RuntimeDep) -> PlanAdminOut:
        return editing.create_plan(db, rt, body, caller.actor, caller.address)

    @router.get(
        "/plans/{plan_id}",
        response_model=PlanAdminOut,
        responses=read_errors,
        summary=f"One plan ({who})",
    )
    def show_plan(plan_id: PlanId, _: CallerDep, db: DbDep) -> PlanAdminOut:
        return editing.show_plan(db, plan_id)

    @router.put(
        "/plans/{plan_id}",
        response_model=PlanAdminOut,
        responses=write_errors,
        summary=f"Change a plan ({who}; audited)",
        description="404 `plan-not-found`; 409 `plan-in-use` for a new billing interval while "
        "members are on the plan." + PLAN_HELP,
    )
    def update_plan(
        plan_id: PlanId, body: PlanFields, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> PlanAdminOut:
        return editing.update_plan(db, rt, plan_id, body, caller.actor, caller.address)

    @router.get(
        "/discounts",
        response_model=DiscountListOut,
        responses=mount.errors,
        summary=f"Every discount, offered or not ({who})",
    )
    def list_discounts(_: CallerDep, db: DbDep) -> DiscountListOut:
        return editing.list_discounts(db)

    @router.post(
        "/discounts",
        response_model=DiscountAdminOut,
        status_code=201,
        responses=write_errors,
        summary=f"Add a discount ({who}; audited)",
        description="409 `discount-exists` when the id is taken." + DISCOUNT_HELP,
    )
    def create_discount(
        body: NewDiscountIn, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> DiscountAdminOut:
        return editing.create_discount(db, rt, body, caller.actor, caller.address)

    @router.get(
        "/discounts/{discount_id}",
        response_model=DiscountAdminOut,
        responses=read_errors,
        summary=f"One discount ({who})",
    )
    def show_discount(discount_id: DiscountId, _: CallerDep, db: DbDep) -> DiscountAdminOut:
        return editing.show_discount(db, discount_id)

    @router.put(
        "/discounts/{discount_id}",
        response_model=DiscountAdminOut,
        responses=write_errors,
        summary=f"Change a discount ({who}; audited)",
        description="404 `discount-not-found`." + DISCOUNT_HELP,
    )
    def update_discount(
        discount_id: DiscountId, body: DiscountFields, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> DiscountAdminOut:
        return editing.update_discount(db, rt, discount_id, body, caller.actor, caller.address)

    return router
