"""The widget GraphQL schema: `renderWidget` as squatch-js 2.x asks for it (pure: no I/O).

squatch-js sends one query (REFERENCE.md):

    query renderWidget($user: UserIdInput, $engagementMedium: UserEngagementMedium,
                       $widgetType: WidgetType, $locale: RSLocale) {
      renderWidget(user: $user, engagementMedium: $engagementMedium,
                   widgetType: $widgetType, locale: $locale) {
        template user { id accountId } jsOptions widgetConfig { values } } }

so the variable types it names are the schema's argument types. The render itself is the
resolver's (widget_graphql.py); the format rules of widgetType and locale stay in inputs.py,
shared with the REST routes, so the scalars here only insist on strings.
"""

from __future__ import annotations

from typing import Any

from graphql import (
    ConstValueNode,
    GraphQLArgument,
    GraphQLEnumType,
    GraphQLEnumValue,
    GraphQLError,
    GraphQLField,
    GraphQLFieldResolver,
    GraphQLInputField,
    GraphQLInputObjectType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLString,
    StringValueNode,
    print_ast,
)

from masthead.referrals.inputs import ENGAGEMENT_MEDIUMS


def _text_scalar(name: str, description: str) -> GraphQLScalarType:
    """A scalar that is a string on the wire, with a message naming the type when it is not."""

    def coerce(value: Any) -> str:
        if not isinstance(value, str):
            raise GraphQLError(f"{name} must be a string, such as {description}.")
        return value

    def coerce_literal(node: ConstValueNode) -> str:
        if not isinstance(node, StringValueNode):
            raise GraphQLError(
                f"{name} must be a string, such as {description}; found {print_ast(node)}."
            )
        return node.value

    return GraphQLScalarType(
        name,
        description=f"A string, such as {description}.",
        coerce_output_value=coerce,
        coerce_input_value=coerce,
        coerce_input_literal=coerce_literal,
        value_to_literal=lambda value: StringValueNode(value=coerce(value)),
    )


def _json_output(value: Any) -> Any:
    return value


# Output only (jsOptions, widgetConfig.values): any JSON the server produced.
JSON = GraphQLScalarType("JSON", description="Any JSON value.", coerce_output_value=_json_output)
WIDGET_TYPE = _text_scalar(
    "WidgetType", '"REFERRER_WIDGET", "CONVERSION_WIDGET" or "p/<programme>/w/referrerWidget"'
)
RS_LOCALE = _text_scalar("RSLocale", '"en" or "en_US"')
ENGAGEMENT_MEDIUM = GraphQLEnumType(
    "UserEngagementMedium", {name: GraphQLEnumValue(name) for name in ENGAGEMENT_MEDIUMS}
)

_REQUIRED_STRING = GraphQLNonNull(GraphQLString)
USER_ID_INPUT = GraphQLInputObjectType(
    "UserIdInput",
    {"id": GraphQLInputField(_REQUIRED_STRING), "accountId": GraphQLInputField(_REQUIRED_STRING)},
)
USER_IDENTITY = GraphQLObjectType(
    "UserIdentity",
    {"id": GraphQLField(_REQUIRED_STRING), "accountId": GraphQLField(_REQUIRED_STRING)},
)
WIDGET_CONFIG = GraphQLObjectType("WidgetConfig", {"values": GraphQLField(JSON)})
WIDGET_RENDER = GraphQLObjectType(
    "WidgetRender",
    {
        "template": GraphQLField(GraphQLString, description="A complete HTML document."),
        "user": GraphQLField(USER_IDENTITY, description="null for a widget without a user."),
        "jsOptions": GraphQLField(JSON),
        "widgetConfig": GraphQLField(WIDGET_CONFIG),
    },
)
RENDER_ARGUMENTS = {
    "user": GraphQLArgument(USER_ID_INPUT, description="Without it the widget is anonymous."),
    "engagementMedium": GraphQLArgument(ENGAGEMENT_MEDIUM),
    "widgetType": GraphQLArgument(WIDGET_TYPE),
    "locale": GraphQLArgument(RS_LOCALE),
}


def build_schema(render_widget: GraphQLFieldResolver) -> GraphQLSchema:
    """The schema, with the resolver that renders a widget (it does the I/O)."""
    query = GraphQLObjectType(
        "Query",
        {"renderWidget": GraphQLField(WIDGET_RENDER, RENDER_ARGUMENTS, resolve=render_widget)},
    )
    return GraphQLSchema(query)
