"""The decision rules over HTTP, once, for two callers: the staff console (console_routes.py:
/admin/api/decision-rules, marketing) and the operator API (operator_routes.py:
/operator/v1/decision-rules, the bearer key MASTHEAD_DECISIONS_KEY). Each mounts rules_router
on its own Mount (staff/callers.py); both edit through editing.py, which audits every change
with the caller as its actor (none for an operator's tool). An edit counts at once in this
process and within a second in others (rule_cache.py). The preview decides through the live
engine (preview.py).

Every answer is marked no-store: rules change under an operator's hands. (No postponed
annotations here: the handlers name CallerDep, made per router, which FastAPI must see.)
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Response

from masthead.decisions import editing, preview, schemas
from masthead.decisions.console_schemas import (
    EnabledIn,
    OrderIn,
    PreviewIn,
    PreviewOut,
    RuleOrderOut,
)
from masthead.decisions.outputs import FeatureSlug, RuleIn
from masthead.decisions.schemas import BODY_HELP
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.no_store import NO_STORE, NO_STORE_ANSWER
from masthead.staff.api import Caller, Mount

# A rule's address takes digits only (`{rule_id:int}`), so that /preview and /order are no
# rule's: another method there is a 405, not a rule id that does not parse. Any other text
# in its place is no API address (404; in the console, its shell answers it). A row id:
# PostgreSQL's integer, so a larger number is a 400, not a failed query.
RuleId = Annotated[int, Path(ge=1, le=2**31 - 1)]


def _who(caller: Caller) -> editing.Who:
    return editing.Who(actor=caller.actor, address=caller.address)


@contextmanager
def _refusals_as_api_errors() -> Iterator[None]:
    """The editing module's refusals, answered as the API's errors."""
    try:
        yield
    except editing.RuleError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


def rules_router(mount: Mount) -> APIRouter:
    """The decision rules' routes under the mount's prefix."""
    router = APIRouter(prefix=mount.prefix, tags=list(mount.tags), dependencies=[NO_STORE_ANSWER])
    CallerDep = Annotated[Caller, Depends(mount.caller)]
    who = mount.who
    errors: dict[int | str, dict[str, object]] = {**mount.errors, 400: {}, 404: {}}
    id_errors: dict[int | str, dict[str, object]] = {
        **errors,
        405: {"description": "The rule id is not a number: no such address takes this method."},
    }

    @router.get(
        "",
        response_model=schemas.RuleListOut,
        responses={**mount.errors, 400: {}},
        summary=f"Every decision rule, by feature and priority ({who})",
    )
    def list_rules(
        _: CallerDep,
        db: DbDep,
        feature: Annotated[FeatureSlug | None, Query()] = None,
    ) -> schemas.RuleListOut:
        return schemas.RuleListOut(rules=editing.listing(db, feature))

    @router.post(
        "",
        response_model=schemas.RuleOut,
        status_code=201,
        responses=errors,
        summary=f"Add a decision rule ({who}; audited)",
        description="Answers the stored rule (201)." + BODY_HELP,
    )
    def add_rule(body: RuleIn, caller: CallerDep, db: DbDep, rt: RuntimeDep) -> schemas.RuleOut:
        with _refusals_as_api_errors():
            return editing.create(db, rt, body, _who(caller))

    @router.post(
        "/preview",
        response_model=PreviewOut,
        responses=errors,
        summary=f"What the decision engine answers a reader now, and which rule decides ({who})",
        description="For the account of `email` (or a signed-out visitor) on `path` from "
        "`country`: each feature's outputValue as POST /zephr/decision-engine answers it, the "
        "deciding rule, and the plans the payflow lists. With `draft`, a rule not saved yet is "
        "decided as if it were (in place of the rule `replaces`). Nothing is stored. 404 "
        "`reader-not-found` for an email of no account.",
    )
    def preview_rules(body: PreviewIn, _: CallerDep, db: DbDep, rt: RuntimeDep) -> PreviewOut:
        return preview.preview(db, rt, body)

    @router.put(
        "/order",
        response_model=RuleOrderOut,
        responses={**errors, 409: {}},
        summary=f"Put a feature's rules in a new order, the first deciding first ({who}; audited)",
        description="`rules` lists every rule id of `feature`, enabled or not; their "
        "priorities are handed out again in that order. 409 `rules-changed` when the list is "
        "not the feature's rules as they are now.",
    )
    def reorder_rules(body: OrderIn, caller: CallerDep, db: DbDep, rt: RuntimeDep) -> RuleOrderOut:
        with _refusals_as_api_errors():
            rules = editing.reorder(db, rt, body.feature, body.rules, _who(caller))
        return RuleOrderOut(rules=rules)

    @router.get(
        "/{rule_id:int}",
        response_model=schemas.RuleOut,
        responses=errors,
        summary=f"One decision rule ({who})",
    )
    def show_rule(rule_id: RuleId, _: CallerDep, db: DbDep) -> schemas.RuleOut:
        with _refusals_as_api_errors():
            return editing.show(db, rule_id)

    @router.put(
        "/{rule_id:int}",
        response_model=schemas.RuleOut,
        responses=id_errors,
        summary=f"Replace a decision rule ({who}; audited)",
        description="404 `rule-not-found` for an unknown id." + BODY_HELP,
    )
    def replace_rule(
        rule_id: RuleId,
        body: RuleIn,
        caller: CallerDep,
        db: DbDep,
        rt: RuntimeDep,
    ) -> schemas.RuleOut:
        with _refusals_as_api_errors():
            return editing.replace(db, rt, rule_id, body, _who(caller))

    @router.put(
        "/{rule_id:int}/enabled",
        response_model=schemas.RuleOut,
        responses=id_errors,
        summary=f"Switch a decision rule on or off ({who}; audited)",
        description="404 `rule-not-found`; switching on checks its plans and discount again "
        "(400 `unknown-plan`, `unknown-discount`).",
    )
    def set_enabled(
        rule_id: RuleId,
        body: EnabledIn,
        caller: CallerDep,
        db: DbDep,
        rt: RuntimeDep,
    ) -> schemas.RuleOut:
        with _refusals_as_api_errors():
            return editing.set_enabled(db, rt, rule_id, body.enabled, _who(caller))

    @router.delete(
        "/{rule_id:int}",
        status_code=204,
        responses=id_errors,
        summary=f"Delete a decision rule ({who}; audited)",
        description="404 `rule-not-found`. A feature without rules answers its built-in default.",
    )
    def delete_rule(rule_id: RuleId, caller: CallerDep, db: DbDep, rt: RuntimeDep) -> Response:
        with _refusals_as_api_errors():
            editing.delete(db, rt, rule_id, _who(caller))
        return Response(status_code=204, headers=NO_STORE)

    return router
