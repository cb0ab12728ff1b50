"""The GraphQL `renderWidget` operation squatch-js sends for a widget, with or without a user.

graphql-core parses, validates (its specified rules plus graphql_limits.py's) and executes
against graphql_schema.py; the resolver renders through the same services as the REST
routes. Refusals carry the project's error shape and GraphQL's `errors` list together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graphql import GraphQLError, GraphQLResolveInfo, execute_sync, validate
from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.referrals import graphql_limits, inputs, rendering, schemas, service
from masthead.referrals.errors import ReferralError, bad_request
from masthead.referrals.graphql_schema import build_schema
from masthead.referrals.models import Tenant

MAX_ERRORS = 10
NOT_JSON = object()  # a body that is not JSON (widget_routes reads the body)
ID_LIMIT = 255  # as the REST routes' path ids


class GraphQLRefusal(Exception):
    """A request refused before any render: 400 with every error GraphQL found."""

    def __init__(self, errors: list[GraphQLError]) -> None:
        super().__init__(errors[0].message)
        self.errors = errors[:MAX_ERRORS]

    def body(self) -> schemas.GraphQLRefusalBody:
        summary = bad_request(" ".join(error.message for error in self.errors))
        return schemas.GraphQLRefusalBody.model_validate(
            {**summary.body(), "errors": [error.formatted for error in self.errors]}
        )


def referral_refusal_body(exc: ReferralError) -> schemas.GraphQLRefusalBody:
    """A refusal of the render (token, user, tenant): its own status and fields."""
    return schemas.GraphQLRefusalBody.model_validate(
        {**exc.body(), "errors": [{"message": exc.message, "extensions": exc.body()}]}
    )


@dataclass(frozen=True)
class _Context:
    db: Session
    rt: Runtime
    tenant: Tenant
    token: str | None


def _user_ids(ids: dict[str, str]) -> tuple[str, str]:
    account_id, user_id = ids["accountId"], ids["id"]
    if not account_id or not user_id or max(len(account_id), len(user_id)) > ID_LIMIT:
        raise bad_request(f"user.id and user.accountId must be 1 to {ID_LIMIT} characters.")
    return account_id, user_id


def _render_widget(
    _root: Any,
    info: GraphQLResolveInfo[_Context],
    user: dict[str, str] | None = None,
    engagementMedium: str | None = None,  # the schema's argument names
    widgetType: str | None = None,
    locale: str | None = None,
) -> dict[str, Any]:
    ctx = info.context
    db, tenant = ctx.db, ctx.tenant
    now = ctx.rt.clock.now()
    participant = None
    if user is not None:
        account_id, user_id = _user_ids(user)
        service.authorise_user(tenant, ctx.token, account_id, user_id, now)
        participant = service.user_for(db, tenant, account_id, user_id)
    else:
        service.authorise_anonymous(tenant, ctx.token, now)
    widget = inputs.widget_request(tenant, widgetType, engagementMedium, locale)
    rendered = rendering.render(db, tenant, participant, widget)
    programme = service.programme_for(db, tenant, widget.programme_slug)
    return {
        "template": rendered["template"],
        "jsOptions": rendered["jsOptions"],
        "user": (
            {"id": participant.user_id, "accountId": participant.account_id}
            if participant
            else None
        ),
        "widgetConfig": {
            "values": {
                "programId": programme.slug,
                "programName": programme.name,
                "referrerReward": programme.referrer_reward,
                "referredReward": programme.referred_reward,
                "widgetType": widget.widget_type,
                "engagementMedium": widget.engagement_medium,
            }
        },
    }


SCHEMA = build_schema(_render_widget)


def _request(payload: Any) -> tuple[str, dict[str, Any], str | None]:
    if (
        payload is NOT_JSON
        or not isinstance(payload, dict)
        or not isinstance(payload.get("query"), str)
    ):
        raise GraphQLError('The body must be a JSON object with a "query" string.')
    variables = payload.get("variables")
    if variables is None:  # absent or null: none (an empty list or string is refused)
        variables = {}
    operation_name = payload.get("operationName")
    if not isinstance(variables, dict):
        raise GraphQLError('"variables" must be a JSON object.')
    if operation_name is not None and not isinstance(operation_name, str):
        raise GraphQLError('"operationName" must be a string.')
    return payload["query"], variables, operation_name


def execute(
    db: Session, rt: Runtime, tenant: Tenant, token: str | None, payload: Any
) -> schemas.GraphQLResponse:
    """{"data": ...} for a renderWidget query; GraphQLRefusal or ReferralError otherwise."""
    try:
        query, variables, operation_name = _request(payload)
        document = graphql_limits.parse_bounded(query)
        graphql_limits.only_queries(document)
    except GraphQLError as exc:
        raise GraphQLRefusal([exc]) from None
    errors = validate(SCHEMA, document, graphql_limits.RULES, max_errors=MAX_ERRORS)
    if errors:
        raise GraphQLRefusal(errors)
    result = execute_sync(
        SCHEMA,
        document,
        context_value=_Context(db, rt, tenant, token),
        variable_values=variables,
        operation_name=operation_name,
    )
    if result.errors:
        for error in result.errors:
            cause = error.original_error
            if isinstance(cause, ReferralError):
                raise cause  # keeps its status: 401, 404...
            if cause is not None and not isinstance(cause, GraphQLError):
                raise cause  # a fault of ours, not of the request: a 500, logged
        raise GraphQLRefusal(list(result.errors))  # variables that do not fit their types
    return schemas.GraphQLResponse(data=result.data)
