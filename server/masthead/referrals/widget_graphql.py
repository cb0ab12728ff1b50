"""The GraphQL `renderWidget` operation squatch-js sends for a widget, with or without a user."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.referrals import graphql, inputs, rendering, service
from masthead.referrals.graphql import GraphQLError, ObjectType
from masthead.referrals.models import Tenant

ARGUMENTS = {"user", "engagementMedium", "widgetType", "locale"}
RENDERED_WIDGET: ObjectType = (
    "WidgetRender",
    {
        "template": None,
        "jsOptions": None,
        "user": ("UserIdentity", {"id": None, "accountId": None}),
        "widgetConfig": ("WidgetConfig", {"values": None}),
    },
)


def _optional_string(args: dict[str, Any], name: str) -> str | None:
    value = args.get(name)
    if value is not None and not isinstance(value, str):
        raise GraphQLError(f'Argument "{name}" must be a string.')
    return value


def _render_widget(
    db: Session, rt: Runtime, tenant: Tenant, token: str | None, args: dict[str, Any]
) -> dict[str, Any]:
    unknown = sorted(set(args) - ARGUMENTS)
    if unknown:
        raise GraphQLError(f'Unknown argument "{unknown[0]}" on field "renderWidget".')
    now = rt.clock.now()
    ids = args.get("user")
    user = None
    if ids is not None:
        if not isinstance(ids, dict) or not all(
            isinstance(ids.get(k), str) and ids[k] for k in ("id", "accountId")
        ):
            raise GraphQLError('Argument "user" must be {id: String!, accountId: String!}.')
        service.authorise_user(tenant, token, ids["accountId"], ids["id"], now)
        user = service.user_for(db, tenant, ids["accountId"], ids["id"])
    else:
        service.authorise_anonymous(tenant, token, now)
    widget = inputs.widget_request(
        tenant,
        _optional_string(args, "widgetType"),
        _optional_string(args, "engagementMedium"),
        _optional_string(args, "locale"),
    )
    rendered = rendering.render(db, tenant, user, widget)
    programme = service.programme_for(db, tenant, widget.programme_slug)
    return {
        "template": rendered["template"],
        "jsOptions": rendered["jsOptions"],
        "user": {"id": user.user_id, "accountId": user.account_id} if user else None,
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


def execute(
    db: Session, rt: Runtime, tenant: Tenant, token: str | None, payload: Any
) -> dict[str, Any]:
    """{"data": ...} for a renderWidget query; GraphQLError or ReferralError otherwise."""
    if not isinstance(payload, dict) or not isinstance(payload.get("query"), str):
        raise GraphQLError('The body must be a JSON object with a "query" string.')
    variables = payload.get("variables") or {}
    operation_name = payload.get("operationName")
    if not isinstance(variables, dict):
        raise GraphQLError('"variables" must be a JSON object.')
    if operation_name is not None and not isinstance(operation_name, str):
        raise GraphQLError('"operationName" must be a string.')
    operation = graphql.pick(graphql.parse(payload["query"]), operation_name)
    if operation.kind != "query":
        raise GraphQLError("Only the renderWidget query is supported.")
    data: dict[str, Any] = {}
    for field in operation.selections:
        if field.name == "__typename":
            data[field.key] = "Query"
            continue
        if field.name != "renderWidget":
            raise GraphQLError(f'Cannot query field "{field.name}" on type "Query".')
        if field.selections is None:
            raise GraphQLError('Field "renderWidget" must have a selection of subfields.')
        args = graphql.resolve(field.arguments, operation, variables)
        result = _render_widget(db, rt, tenant, token, args)
        data[field.key] = graphql.shape(field.selections, result, RENDERED_WIDGET)
    return {"data": data}
