"""POST /api/v1/{tenant}/graphql: the renderWidget query squatch-js sends."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.referrals.seed import demo_js_options
from tests.referrals.helpers import BASE, LIVE, LIVE_KEY, seed, token, upsert
from tests.referrals.test_graphql_parser import SDK_QUERY

URL = f"{BASE}/graphql"


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _ask(client: TestClient, variables: dict[str, Any], url: str = URL, **kw: Any) -> Any:
    return client.post(url, json={"query": SDK_QUERY, "variables": variables}, **kw)


def test_render_widget_for_a_user(client: TestClient) -> None:
    upsert(client, "a", "u", firstName="Ada")
    response = _ask(
        client,
        {
            "user": {"id": "u", "accountId": "a"},
            "engagementMedium": "EMBED",
            "widgetType": "REFERRER_WIDGET",
            "locale": "en_US",
        },
        headers={"Authorization": f"Bearer {token('a', 'u')}"},
    )
    assert response.status_code == 200
    widget = response.json()["data"]["renderWidget"]
    assert list(widget) == ["template", "user", "jsOptions", "widgetConfig"]
    assert widget["user"] == {"id": "u", "accountId": "a"}
    assert widget["jsOptions"] == demo_js_options()
    assert widget["template"].startswith('<!doctype html>\n<html lang="en-US">')
    assert "Your referral link" in widget["template"]
    assert widget["widgetConfig"]["values"] == {
        "programId": "masthead-referral",
        "programName": "Masthead membership",
        "referrerReward": "$10 off your next month",
        "referredReward": "Your first month free",
        "widgetType": "REFERRER_WIDGET",
        "engagementMedium": "EMBED",
    }


def test_render_widget_without_a_user(client: TestClient) -> None:
    response = _ask(client, {"engagementMedium": "POPUP"})
    assert response.status_code == 200
    widget = response.json()["data"]["renderWidget"]
    assert widget["user"] is None
    assert "Sign in to get your referral link." in widget["template"]
    anonymous = _ask(
        client, {}, headers={"Authorization": f"Bearer {token(None, None, allowAnonymous=True)}"}
    )
    assert anonymous.status_code == 200


def test_only_the_selected_fields_are_answered(client: TestClient) -> None:
    query = "query { __typename w: renderWidget { jsOptions user { id } } }"
    response = client.post(URL, json={"query": query})
    assert response.json() == {
        "data": {"__typename": "Query", "w": {"jsOptions": demo_js_options(), "user": None}}
    }


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"query": "mutation { renderWidget { template } }"}, "Only the renderWidget query"),
        ({"query": "{ viewer { id } }"}, "Cannot query field 'viewer' on type 'Query'"),
        ({"query": "{ renderWidget { html } }"}, "Cannot query field 'html'"),
        ({"query": "{ renderWidget }"}, "must have a selection of subfields"),
        ({"query": "{ renderWidget(colour: RED) { template } }"}, "Unknown argument 'colour'"),
        (
            {"query": '{ renderWidget(user: {id: 1, accountId: "a"}) { template } }'},
            "String cannot represent a non string value: 1",
        ),
        (
            {"query": "{ renderWidget(locale: 5) { template } }"},
            "RSLocale must be a string",
        ),
        ({"query": "{ renderWidget { template "}, "Syntax Error"),
        ({"query": SDK_QUERY, "variables": [1]}, '"variables" must be a JSON object'),
        ({"query": SDK_QUERY, "operationName": 5}, '"operationName" must be a string'),
        ({"variables": {}}, 'with a "query" string'),
        ([1, 2], 'with a "query" string'),
    ],
)
def test_anything_else_is_a_graphql_error(client: TestClient, body: Any, message: str) -> None:
    response = client.post(URL, json=body)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert message in error["message"]
    # the project's error shape too
    assert response.json()["type"] == "bad-request"
    assert message in response.json()["message"]


def test_refusals_keep_their_status(client: TestClient) -> None:
    missing = _ask(client, {"user": {"id": "nobody", "accountId": "a"}})
    assert missing.status_code == 404
    [error] = missing.json()["errors"]
    assert error["extensions"]["apiErrorCode"] == "USER_NOT_FOUND"
    assert error["extensions"]["rsCode"] == "RS1441"
    upsert(client, "a", "u", tenant=LIVE, headers={"user-token": token("a", "u", key=LIVE_KEY)})
    live = f"/api/v1/{LIVE}/graphql"
    unsigned = _ask(client, {"user": {"id": "u", "accountId": "a"}}, url=live)
    assert unsigned.status_code == 401
    assert unsigned.json()["errors"][0]["extensions"]["apiErrorCode"] == "TOKEN_REQUIRED"
    forged = _ask(
        client,
        {"user": {"id": "u", "accountId": "a"}},
        url=live,
        headers={"Authorization": f"Bearer {token('a', 'u')}"},
    )
    assert forged.status_code == 401
    assert forged.json()["errors"][0]["extensions"]["apiErrorCode"] == "INVALID_TOKEN"
    signed = _ask(
        client,
        {"user": {"id": "u", "accountId": "a"}},
        url=live,
        headers={"Authorization": f"Bearer {token('a', 'u', key=LIVE_KEY)}"},
    )
    assert signed.status_code == 200
    unknown = client.post("/api/v1/nobody/graphql", json={"query": SDK_QUERY})
    assert unknown.status_code == 404
    assert unknown.json()["errors"][0]["extensions"]["apiErrorCode"] == "TENANT_NOT_FOUND"
