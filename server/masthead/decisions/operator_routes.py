"""The decision rules' operator API (/operator/v1/decision-rules): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_DECISIONS_KEY as a bearer
token (operator_auth.py); the API is absent (404) while the setting is empty. An edit counts
at once in this process, and within a second in others (rule_cache.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Response

from masthead.decisions import editing, schemas
from masthead.decisions.outputs import FeatureSlug, RuleIn
from masthead.decisions.schemas import BODY_HELP
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import AddressDep
from masthead.operator_auth import bearer_key_check

router = APIRouter(prefix="/operator/v1/decision-rules", tags=["operator"])
NO_STORE = {"Cache-Control": "no-store"}
ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 404: {}}


# A row id: PostgreSQL's integer. A larger number is a 400, not a failed query.
RuleId = Annotated[int, Path(ge=1, le=2**31 - 1)]
OperatorDep = Annotated[None, Depends(bearer_key_check(lambda s: s.decisions_key, "decisions"))]


def _no_store(response: Response) -> None:
    """Rules change under an operator's hands: no cache may keep an answer."""
    response.headers.update(NO_STORE)


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
    _: OperatorDep,
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
    summary="Add a decision rule (operator API)",
    description="Answers the stored rule (201)." + BODY_HELP,
)
def add_rule(
    body: RuleIn,
    _: OperatorDep,
    db: DbDep,
    rt: RuntimeDep,
    response: Response,
    address: AddressDep,
) -> schemas.RuleOut:
    _no_store(response)
    with _refusals_as_api_errors():
        return editing.create(db, rt, body, editing.Who(address=address))


@router.get(
    "/{rule_id}",
    response_model=schemas.RuleOut,
    responses=ERRORS,
    summary="One decision rule (operator API)",
)
def show_rule(rule_id: RuleId, _: OperatorDep, db: DbDep, response: Response) -> schemas.RuleOut:
    _no_store(response)
    with _refusals_as_api_errors():
        return editing.show(db, rule_id)


@router.put(
    "/{rule_id}",
    response_model=schemas.RuleOut,
    responses=ERRORS,
    summary="Replace a decision rule (operator API)",
    description="404 `rule-not-found` for an unknown id." + BODY_HELP,
)
def replace_rule(
    rule_id: RuleId,
    body: RuleIn,
    _: OperatorDep,
    db: DbDep,
    rt: RuntimeDep,
    response: Response,
    address: AddressDep,
) -> schemas.RuleOut:
    _no_store(response)
    with _refusals_as_api_errors():
        return editing.replace(db, rt, rule_id, body, editing.Who(address=address))


@router.delete(
    "/{rule_id}",
    status_code=204,
    responses=ERRORS,
    summary="Delete a decision rule (operator API)",
    description="404 `rule-not-found` for an unknown id. A feature without rules answers "
    "its built-in default.",
)
def delete_rule(
    rule_id: RuleId, _: OperatorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> Response:
    with _refusals_as_api_errors():
        editing.delete(db, rt, rule_id, editing.Who(address=address))
    return Response(status_code=204, headers=NO_STORE)
