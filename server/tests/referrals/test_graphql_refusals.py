"""POST /api/v1/{tenant}/graphql refuses, with a 4xx in the project's error shape (plus
GraphQL's `errors` list), what would cost more than one render or would not parse."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.referrals.helpers import BASE, seed, upsert
from tests.referrals.test_graphql_parser import SDK_QUERY, SQUATCH_JS_QUERY

URL = f"{BASE}/graphql"


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _refused(response: Any, message: str, status: int = 400) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["type"] == "bad-request"
    assert body["apiErrorCode"] == "BAD_REQUEST"
    assert message in body["message"]
    assert message in body["errors"][0]["message"]
    assert "data" not in body
    return body


def test_aliased_render_widgets_are_one_request_too_many(client: TestClient) -> None:
    aliases = " ".join(f"w{n}: renderWidget {{ template }}" for n in range(50))
    response = client.post(URL, json={"query": f"{{ {aliases} }}"})
    _refused(response, "Ask for exactly one root field (renderWidget) per request")
    assert "this request asks for 50." in response.json()["message"]


def test_a_fragment_cannot_add_a_render(client: TestClient) -> None:
    query = (
        "{ a: renderWidget { template } ...F } fragment F on Query { b: renderWidget { template } }"
    )
    _refused(client.post(URL, json={"query": query}), "this request asks for 2.")


def test_aliases_of_the_template_cannot_multiply_the_answer(client: TestClient) -> None:
    fields = " ".join(f"t{n}: template" for n in range(30))
    response = client.post(URL, json={"query": f"{{ renderWidget {{ {fields} }} }}"})
    _refused(response, "The query selects 31 fields; at most 20 are allowed.")


@pytest.mark.parametrize(
    "query",
    [
        # deep variable types were a 500 (the parser's recursion)
        "query Q($v: " + "[" * 3000 + "String" + "]" * 3000 + ") { renderWidget { template } }",
        "{ renderWidget(user: " + "{a: " * 1000 + "1" + "}" * 1000 + ") { template } }",
        "{ renderWidget " + "{ user " * 30 + "}" * 31,
    ],
)
def test_deep_nesting_is_refused_not_a_500(client: TestClient, query: str) -> None:
    _refused(client.post(URL, json={"query": query}), "The query is nested too deeply")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"query": "{ renderWidget { template "}, "Syntax Error: Expected Name, found <EOF>."),
        ({"query": "{ renderWidget(locale: 5) { template } }"}, "RSLocale must be a string"),
        ({"query": "{ __schema { types { name } } }"}, "introspection has been disabled"),
        ({"query": "x" * 10_001}, "The query is longer than 10000 characters."),
        ({"query": "{ renderWidget { template } }", "variables": "[]"}, "must be a JSON object"),
        # variables that do not fit the types their query declares
        (
            {"query": SDK_QUERY, "variables": {"user": {"id": 5, "accountId": "a"}}},
            "Variable '$user' has invalid value at .id: String cannot represent a non string",
        ),
        (
            {"query": SDK_QUERY, "variables": {"engagementMedium": "LOUD"}},
            "Value 'LOUD' does not exist in 'UserEngagementMedium' enum.",
        ),
        (
            {"query": SDK_QUERY, "operationName": "other"},
            "Unknown operation named 'other'.",
        ),
    ],
)
def test_malformed_requests_are_a_400_with_a_message(
    client: TestClient, body: Any, message: str
) -> None:
    _refused(client.post(URL, json=body), message)


def test_a_render_refusal_has_both_shapes(client: TestClient) -> None:
    upsert(client, "a", "u")
    cases = [
        ({"user": {"id": "", "accountId": "a"}}, "user.id and user.accountId must be 1 to 255"),
        ({"widgetType": "SOMETHING"}, "widgetType must be REFERRER_WIDGET"),
        ({"locale": "english please"}, "locale must look like en or en_US."),
    ]
    for variables, message in cases:
        body = _refused(
            client.post(URL, json={"query": SDK_QUERY, "variables": variables}), message
        )
        assert body["errors"][0]["extensions"]["apiErrorCode"] == "BAD_REQUEST"


def test_what_squatch_js_sends_renders(client: TestClient) -> None:
    """Its query text as bundled, `user: null` and no widgetType for a widget without a user."""
    response = client.post(
        URL,
        json={
            "query": SQUATCH_JS_QUERY,
            "variables": {"user": None, "engagementMedium": "POPUP", "locale": "en_US"},
        },
        headers={"X-SaaSquatch-Referrer": "http://testserver/page"},
    )
    assert response.status_code == 200, response.text
    widget = response.json()["data"]["renderWidget"]
    assert widget["user"] is None
    assert widget["widgetConfig"]["values"]["engagementMedium"] == "POPUP"
    assert widget["template"].startswith('<!doctype html>\n<html lang="en-US">')


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", 'The body must be a JSON object with a "query" string.'),
        (b'{"query": "{ renderWidget { template } }", "variables": []}', "must be a JSON object"),
    ],
)
def test_a_body_the_document_refuses_gets_the_graphql_refusal(
    client: TestClient, content: bytes, message: str
) -> None:
    response = client.post(URL, content=content, headers={"Content-Type": "application/json"})
    _refused(response, message)


def test_the_document_requires_a_query_string(client: TestClient) -> None:
    operation = client.get("/api/openapi.json").json()["paths"]["/api/v1/{tenant_alias}/graphql"][
        "post"
    ]
    body = operation["requestBody"]
    assert body["required"] is True
    schema = body["content"]["application/json"]["schema"]
    assert schema["required"] == ["query"]
    assert schema["properties"]["query"]["type"] == "string"
