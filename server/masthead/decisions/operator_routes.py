"""The decision rules' operator API (/operator/v1/decision-rules): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_DECISIONS_KEY as a bearer
token (operator_auth.py); the API is absent (404) while the setting is empty. An edit counts
at once in this process, and within a second in others (session_decisions.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response
from fastapi.responses import JSONResponse

from masthead.decisions import editing, schemas
from masthead.decisions.outputs import FeatureSlug, RuleIn
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.operator_auth import bearer_key_check

router = APIRouter(prefix="/operator/v1/decision-rules", tags=["operator"])
NO_STORE = {"Cache-Control": "no-store"}
ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 404: {}}
BODY_HELP = (
    " The body: `feature` (one of the four features), `priority` (0 to 1000000, lowest "
    "decides first; default 100), `enabled` (default true), `description`, `conditions` "
    "(path, readers, statuses, products, plans, region, countries; all optional) and "
    "`output` (the feature's shape, see the decision engine). 400 `bad-request` names what "
    "does not fit; 400 `unknown-plan` / `unknown-discount` for names the catalogue lacks."
)


OperatorDep = Annotated[None, Depends(bearer_key_check(lambda s: s.decisions_key, "decisions"))]


def _answer(work: object, status: int = 200) -> Response:
    return JSONResponse(work, status, headers=NO_STORE)


@contextmanager
def _refusals_as_api_errors() -> Iterator[None]:
    """The editing module's refusals, answered as the API's errors."""
    try:
        yield
    except editing.RuleError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


@router.get(
    "",
    response_model=schemas.RuleListOut,
    responses=ERRORS,
    summary="Every decision rule, by feature and priority (operator API)",
)
def list_rules(
    _: OperatorDep, db: DbDep, feature: Annotated[FeatureSlug | None, Query()] = None
) -> Response:
    return _answer({"rules": editing.listing(db, feature)})


@router.post(
    "",
    response_model=schemas.RuleOut,
    status_code=201,
    responses=ERRORS,
    summary="Add a decision rule (operator API)",
    description="Answers the stored rule (201)." + BODY_HELP,
)
def add_rule(body: RuleIn, _: OperatorDep, db: DbDep, rt: RuntimeDep) -> Response:
    with _refusals_as_api_errors():
        return _answer(editing.create(db, rt, body), 201)


@router.get(
    "/{rule_id}",
    response_model=schemas.RuleOut,
    responses=ERRORS,
    summary="One decision rule (operator API)",
)
def show_rule(rule_id: int, _: OperatorDep, db: DbDep) -> Response:
    with _refusals_as_api_errors():
        return _answer(editing.show(db, rule_id))


@router.put(
    "/{rule_id}",
    response_model=schemas.RuleOut,
    responses=ERRORS,
    summary="Replace a decision rule (operator API)",
    description="404 `rule-not-found` for an unknown id." + BODY_HELP,
)
def replace_rule(rule_id: int, body: RuleIn, _: OperatorDep, db: DbDep, rt: RuntimeDep) -> Response:
    with _refusals_as_api_errors():
        return _answer(editing.replace(db, rt, rule_id, body))


@router.delete(
    "/{rule_id}",
    status_code=204,
    responses=ERRORS,
    summary="Delete a decision rule (operator API)",
    description="404 `rule-not-found` for an unknown id. A feature without rules answers "
    "its built-in default.",
)
def delete_rule(rule_id: int, _: OperatorDep, db: DbDep) -> Response:
    with _refusals_as_api_errors():
        editing.delete(db, rule_id)
    return Response(status_code=204, headers=NO_STORE)
