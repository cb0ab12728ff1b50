"""The decision rules in the staff console (/admin/api/decision-rules, marketing): HTTP only.

The same editing module as the operator API and the CLI (editing.py), each change audited
with the member who made it; an edit counts at once in this process and within a second in
others (rule_cache.py). The preview decides through the live engine (preview.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

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
from masthead.identity.api import AddressDep
from masthead.staff.api import ROLE_ERRORS, MarketingDep, SignedInStaff

router = APIRouter(prefix="/admin/api/decision-rules", tags=["staff"])
# A rule's address takes digits only (`{rule_id:int}`), so that /preview and /order are no
# rule's: another method there is a 405, not a rule id that does not parse. Any other text
# in its place is no API address: the console's shell answers it (404, or 405 but for GET).
RuleId = Annotated[int, Path(ge=1, le=2**31 - 1)]
ERRORS: dict[int | str, dict[str, object]] = {**ROLE_ERRORS, 400: {}, 404: {}}
ID_ERRORS: dict[int | str, dict[str, object]] = {
    **ERRORS,
    405: {"description": "The rule id is not a number: no such address takes this method."},
}


def _no_store(response: Response) -> None:
    response.headers["Cache-Control"] = "no-store"


def _who(staff: SignedInStaff, address: str) -> editing.Who:
    return editing.Who(actor=staff.actor, address=address)


@contextmanager
def _refusals_as_api_errors() -> Iterator[None]:
    try:
        yield
    except editing.RuleError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


@router.get(
    "",
    response_model=schemas.RuleListOut,
    responses={**ROLE_ERRORS, 400: {}},
    summary="Every decision rule, by feature and priority (marketing)",
)
def list_rules(
    _: MarketingDep,
    db: DbDep,
    response: Response,
    feature: Annotated[FeatureSlug | None, Query()] = None,
) -> schemas.RuleListOut:
    _no_store(response)
    return schemas.RuleListOut(rules=editing.listing(db, feature))


@router.post(
    "",
    response_model=schemas.RuleOut,
    status_code=201,
    responses=ERRORS,
    summary="Add a decision rule (marketing; audited)",
    description="Answers the stored rule (201)." + BODY_HELP,
)
def add_rule(
    body: RuleIn, staff: MarketingDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.RuleOut:
    with _refusals_as_api_errors():
        return editing.create(db, rt, body, _who(staff, address))


@router.post(
    "/preview",
    response_model=PreviewOut,
    responses=ERRORS,
    summary="What the decision engine answers a reader now, and which rule decides (marketing)",
    description="For the account of `email` (or a signed-out visitor) on `path` from "
    "`country`: each feature's outputValue as POST /zephr/decision-engine answers it, the "
    "deciding rule, and the plans the payflow lists. With `draft`, a rule not saved yet is "
    "decided as if it were (in place of the rule `replaces`). Nothing is stored. 404 "
    "`reader-not-found` for an email of no account.",
)
def preview_rules(
    body: PreviewIn, _: MarketingDep, db: DbDep, rt: RuntimeDep, response: Response
) -> PreviewOut:
    _no_store(response)
    return preview.preview(db, rt, body)


@router.put(
    "/order",
    response_model=RuleOrderOut,
    responses={**ERRORS, 409: {}},
    summary="Put a feature's rules in a new order, the first deciding first (marketing; audited)",
    description="`rules` lists every rule id of `feature`, enabled or not; their priorities are "
    "handed out again in that order. 409 `rules-changed` when the list is not the feature's "
    "rules as they are now.",
)
def reorder_rules(
    body: OrderIn, staff: MarketingDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> RuleOrderOut:
    with _refusals_as_api_errors():
        rules = editing.reorder(db, rt, body.feature, body.rules, _who(staff, address))
    return RuleOrderOut(rules=rules)


@router.get(
    "/{rule_id:int}",
    response_model=schemas.RuleOut,
    responses=ERRORS,
    summary="One decision rule (marketing)",
)
def show_rule(rule_id: RuleId, _: MarketingDep, db: DbDep, response: Response) -> schemas.RuleOut:
    _no_store(response)
    with _refusals_as_api_errors():
        return editing.show(db, rule_id)


@router.put(
    "/{rule_id:int}",
    response_model=schemas.RuleOut,
    responses=ID_ERRORS,
    summary="Replace a decision rule (marketing; audited)",
    description="404 `rule-not-found` for an unknown id." + BODY_HELP,
)
def replace_rule(
    rule_id: RuleId,
    body: RuleIn,
    staff: MarketingDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.RuleOut:
    with _refusals_as_api_errors():
        return editing.replace(db, rt, rule_id, body, _who(staff, address))


@router.put(
    "/{rule_id:int}/enabled",
    response_model=schemas.RuleOut,
    responses=ID_ERRORS,
    summary="Switch a decision rule on or off (marketing; audited)",
    description="404 `rule-not-found`; switching on checks its plans and discount again "
    "(400 `unknown-plan`, `unknown-discount`).",
)
def set_enabled(
    rule_id: RuleId,
    body: EnabledIn,
    staff: MarketingDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.RuleOut:
    with _refusals_as_api_errors():
        return editing.set_enabled(db, rt, rule_id, body.enabled, _who(staff, address))


@router.delete(
    "/{rule_id:int}",
    status_code=204,
    responses=ID_ERRORS,
    summary="Delete a decision rule (marketing; audited)",
    description="404 `rule-not-found`. A feature without rules answers its built-in default.",
)
def delete_rule(
    rule_id: RuleId, staff: MarketingDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> Response:
    with _refusals_as_api_errors():
        editing.delete(db, rt, rule_id, _who(staff, address))
    return Response(status_code=204, headers={"Cache-Control": "no-store"})
