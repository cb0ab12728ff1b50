"""Parsing and validating a widget query (graphql-core with our schema and limits): the query
squatch-js sends, and what is refused before any render."""

from __future__ import annotations

import pytest
from graphql import FieldNode, GraphQLError, OperationDefinitionNode, validate

from masthead.referrals import graphql_limits
from masthead.referrals.widget_graphql import SCHEMA

SDK_QUERY = (
    "query renderWidget($user: UserIdInput, $engagementMedium: UserEngagementMedium, "
    "$widgetType: WidgetType, $locale: RSLocale){ renderWidget(user: $user, engagementMedium: "
    "$engagementMedium, widgetType: $widgetType, locale: $locale){ template user{ id accountId } "
    "jsOptions widgetConfig{ values } } }"
)
# squatch-js 2.6.3's RENDER_WIDGET_QUERY, as its bundle holds it (dist/api/graphql.d.ts).
SQUATCH_JS_QUERY = (
    "\n  query renderWidget ($user: UserIdInput, $engagementMedium: UserEngagementMedium, "
    "$widgetType: WidgetType, $locale: RSLocale) {\n    renderWidget(user: $user, "
    "engagementMedium: $engagementMedium, widgetType: $widgetType, locale: $locale) {\n"
    "      template\n      user {\n        id\n        accountId\n      }\n      jsOptions\n"
    "      widgetConfig {\n        values\n      }\n    }\n  }\n"
)


def problems(query: str) -> list[str]:
    """Every message a query is refused with before it runs; [] when it may run."""
    try:
        document = graphql_limits.parse_bounded(query)
        graphql_limits.only_queries(document)
    except GraphQLError as exc:
        return [exc.message]
    return [error.message for error in validate(SCHEMA, document, graphql_limits.RULES)]


@pytest.mark.parametrize("query", [SDK_QUERY, SQUATCH_JS_QUERY])
def test_the_sdk_query_is_valid(query: str) -> None:
    assert problems(query) == []
    [operation] = graphql_limits.parse_bounded(query).definitions
    assert isinstance(operation, OperationDefinitionNode)
    assert operation.name is not None and operation.name.value == "renderWidget"
    assert [v.variable.name.value for v in operation.variable_definitions] == [
        "user",
        "engagementMedium",
        "widgetType",
        "locale",
    ]
    [root] = operation.selection_set.selections
    assert isinstance(root, FieldNode) and root.selection_set is not None
    assert [a.name.value for a in root.arguments] == [
        "user",
        "engagementMedium",
        "widgetType",
        "locale",
    ]
    assert [f.name.value for f in root.selection_set.selections if isinstance(f, FieldNode)] == [
        "template",
        "user",
        "jsOptions",
        "widgetConfig",
    ]


@pytest.mark.parametrize(
    "query",
    [
        "{ renderWidget { template } }",
        "query { __typename w: renderWidget { jsOptions user { id } } }",
        # comments, a variable default, literals of each argument type, a block string
        '# a comment\nquery Q($m: UserEngagementMedium = EMBED) { w: renderWidget(user: {id: "u1",'
        ' accountId: "a1"}, engagementMedium: $m, widgetType: """REFERRER_WIDGET""", '
        "locale: null) { template } }",
        # a fragment adds no render: its one renderWidget is the request's one root field
        "{ ...F } fragment F on Query { renderWidget { template } }",
        "{ renderWidget @include(if: true) { template } }",
    ],
)
def test_valid_queries(query: str) -> None:
    assert problems(query) == []


@pytest.mark.parametrize(
    ("query", "message"),
    [
        # malformed
        ("", "Syntax Error: Unexpected <EOF>."),
        ("query {", "Syntax Error: Expected Name, found <EOF>."),
        ("query { a(b: ) }", "Syntax Error: Unexpected ')'."),
        ("query Q($a: Int = $b) { a }", "Unexpected variable '$b' in constant value."),
        ("{ a } }", "Syntax Error: Unexpected '}'."),
        ("{ a ^ }", "Syntax Error: Unexpected character: '^'."),
        # too big, too deep: refused before the (recursive) parser runs
        ("x" * 10_001, "The query is longer than 10000 characters."),
        ("{ a" * 20 + "}" * 20, "nested too deeply: at most 12 levels"),
        ("{ a(b: " + "[" * 20 + "]" * 20 + ") }", "nested too deeply"),
        (
            "query Q($v: " + "[" * 3000 + "String" + "]" * 3000 + ") { renderWidget { template } }",
            "nested too deeply",
        ),
        ("{ renderWidget { " + "template " * 500 + "} }", "more than 500 tokens"),
        # one root field per request: aliases, a second operation or a fragment add none
        (
            "{ a: renderWidget { template } b: renderWidget { template } }",
            "Ask for exactly one root field (renderWidget) per request; this request asks for 2.",
        ),
        (
            "query A { renderWidget { template } } query B { renderWidget { template } }",
            "asks for 2",
        ),
        (
            "{ renderWidget { template } ...F } "
            "fragment F on Query { w: renderWidget { template } }",
            "asks for 2",
        ),
        ("{ __typename }", "asks for 0"),
        # a bounded answer: aliases of template cannot multiply it
        (
            "{ renderWidget { " + " ".join(f"t{n}: template" for n in range(20)) + " } }",
            "The query selects 21 fields; at most 20 are allowed.",
        ),
        # only the one query
        ("mutation { renderWidget { template } }", "Only the renderWidget query is supported"),
        ("subscription { renderWidget { template } }", "this request is a subscription"),
        ("{ __schema { types { name } } }", "introspection has been disabled"),
        ("{ viewer { id } }", "Cannot query field 'viewer' on type 'Query'."),
        ("{ renderWidget { html } }", "Cannot query field 'html' on type 'WidgetRender'."),
        ("{ renderWidget { template { x } } }", "must not have a selection"),
        ("{ renderWidget { user } }", "must have a selection of subfields"),
        ("{ renderWidget(colour: RED) { template } }", "Unknown argument 'colour'"),
        ("{ renderWidget(user: $user) { template } }", "Variable '$user' is not defined."),
        # arguments of the wrong type
        ("{ renderWidget(user: {id: 1}) { template } }", "required field 'accountId'"),
        ("{ renderWidget(locale: 5) { template } }", "RSLocale must be a string"),
        ("{ renderWidget(widgetType: 5) { template } }", "WidgetType must be a string"),
        ('{ renderWidget(engagementMedium: "EMBED") { template } }', "non-enum value"),
        ("{ renderWidget(engagementMedium: LOUD) { template } }", "Value 'LOUD' does not exist"),
    ],
)
def test_refuses(query: str, message: str) -> None:
    found = problems(query)
    assert any(message in problem for problem in found), found
