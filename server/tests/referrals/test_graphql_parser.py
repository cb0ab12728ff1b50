"""The small GraphQL parser: the query squatch-js sends, and what it refuses."""

from __future__ import annotations

import pytest

from masthead.referrals.graphql import Field, GraphQLError, Variable, parse, pick, resolve, shape

SDK_QUERY = (
    "query renderWidget($user: UserIdInput, $engagementMedium: UserEngagementMedium, "
    "$widgetType: WidgetType, $locale: RSLocale){ renderWidget(user: $user, engagementMedium: "
    "$engagementMedium, widgetType: $widgetType, locale: $locale){ template user{ id accountId } "
    "jsOptions widgetConfig{ values } } }"
)


def test_parses_the_sdk_query() -> None:
    [operation] = parse(SDK_QUERY)
    assert operation.kind == "query"
    assert operation.name == "renderWidget"
    assert set(operation.defaults) == {"user", "engagementMedium", "widgetType", "locale"}
    [root] = operation.selections
    assert root.name == "renderWidget"
    assert root.arguments == {
        "user": Variable("user"),
        "engagementMedium": Variable("engagementMedium"),
        "widgetType": Variable("widgetType"),
        "locale": Variable("locale"),
    }
    assert [f.name for f in root.selections or []] == [
        "template",
        "user",
        "jsOptions",
        "widgetConfig",
    ]


def test_literals_aliases_comments_and_defaults() -> None:
    query = """
    # a comment
    query Q($m: String = "EMBED", $n: [Int!]! = [1, 2]) {
      w: renderWidget(user: {id: "u1", accountId: "a1"}, engagementMedium: $m,
                      widgetType: \"\"\"REFERRER_WIDGET\"\"\", locale: null, x: -1.5e2, y: true,
                      z: CONVERSION, list: $n) { template }
    }
    """
    [operation] = parse(query)
    [root] = operation.selections
    assert root.alias == "w" and root.key == "w"
    args = resolve(root.arguments, operation, {})
    assert args == {
        "user": {"id": "u1", "accountId": "a1"},
        "engagementMedium": "EMBED",
        "widgetType": "REFERRER_WIDGET",
        "locale": None,
        "x": -150.0,
        "y": True,
        "z": "CONVERSION",
        "list": [1, 2],
    }
    assert resolve(root.arguments, operation, {"m": "POPUP"})["engagementMedium"] == "POPUP"


def test_shorthand_query_and_operation_names() -> None:
    [operation] = parse("{ renderWidget { template } }")
    assert operation.kind == "query" and operation.name is None
    two = parse("query A { a } query B { b }")
    assert pick(two, "B").name == "B"
    with pytest.raises(GraphQLError, match="Must provide operation name"):
        pick(two, None)
    with pytest.raises(GraphQLError, match='Unknown operation named "C"'):
        pick(two, "C")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "expected an operation"),
        ("query {", "expected name"),
        ("query { a(b: ) }", "unexpected \\)"),
        ("fragment F on User { id }", "Fragments are not supported"),
        ("{ a { ...F } }", "Fragments are not supported"),
        ("{ a @include(if: true) }", "Directives are not supported"),
        ("query Q($a: Int = $b) { a }", "cannot use a variable"),
        ("{ a } }", "expected an operation"),
        ("{ a ^ }", "unexpected character"),
        ("{ a" * 20 + "}" * 20, "nested too deeply"),
        ("{ a(b: " + "[" * 20 + "]" * 20 + ") }", "nested too deeply"),
        ("x" * 10_001, "longer than 10000"),
    ],
)
def test_refuses(query: str, message: str) -> None:
    with pytest.raises(GraphQLError, match=message):
        parse(query)


def test_undefined_variable_is_an_error() -> None:
    [operation] = parse("{ renderWidget(user: $user) { template } }")
    with pytest.raises(GraphQLError, match='Variable "\\$user" is not defined'):
        resolve(operation.selections[0].arguments, operation, {"user": {}})


TYPE = ("T", {"s": None, "o": ("O", {"x": None})})


def test_shape_projects_the_selection() -> None:
    result = {"s": "text", "o": {"x": 1, "y": 2}}
    selection = [Field("s", "alias"), Field("o", selections=[Field("x"), Field("__typename")])]
    assert shape(selection, result, TYPE) == {"alias": "text", "o": {"x": 1, "__typename": "O"}}
    assert shape([Field("o", selections=[Field("x")])], {"o": None}, TYPE) == {"o": None}


@pytest.mark.parametrize(
    ("selection", "message"),
    [
        ([Field("nope")], 'Cannot query field "nope" on type "T"'),
        ([Field("s", selections=[Field("x")])], "is a scalar"),
        ([Field("o")], "must have a selection of subfields"),
    ],
)
def test_shape_refuses(selection: list[Field], message: str) -> None:
    with pytest.raises(GraphQLError, match=message):
        shape(selection, {"s": "", "o": {"x": 1}}, TYPE)
