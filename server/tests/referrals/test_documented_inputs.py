"""The widget calls' parameters as the OpenAPI document states them, and as the server takes
them: a value the document allows is accepted, one it refuses is refused (inputs.py words
the refusal)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.referrals.helpers import seed, upsert

UPSERT = "/api/v1/{tenant_alias}/widget/account/{account_id}/user/{user_id}/upsert"


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _parameters(client: TestClient) -> dict[str, dict[str, Any]]:
    operation = client.get("/api/openapi.json").json()["paths"][UPSERT]["put"]
    return {p["name"]: p["schema"] for p in operation["parameters"]}


def test_every_documented_engagement_medium_is_accepted(client: TestClient) -> None:
    mediums = _parameters(client)["engagementMedium"]["enum"]
    assert "POPUP" in mediums and "" in mediums  # empty: the default
    for medium in mediums:
        response = upsert(client, "a", "u", params={"engagementMedium": medium})
        assert response.status_code == 200, (medium, response.text)
    assert upsert(client, "a", "u", params={"engagementMedium": "BILLBOARD"}).status_code == 400


@pytest.mark.parametrize(
    ("name", "accepted", "refused"),
    [
        ("widgetType", ["", "REFERRER_WIDGET", "CONVERSION_WIDGET"], ["BOGUS", "p/x/w/other"]),
        ("locale", ["", "en", "en_US", "pt-BR"], ["english", "EN"]),
    ],
)
def test_the_documented_pattern_is_the_rule(
    client: TestClient, name: str, accepted: list[str], refused: list[str]
) -> None:
    pattern = re.compile(_parameters(client)[name]["pattern"])
    for value in accepted:
        assert pattern.match(value), value
        assert upsert(client, "a", "u", params={name: value}).status_code == 200, value
    for value in refused:
        assert not pattern.match(value), value
        assert upsert(client, "a", "u", params={name: value}).status_code == 400, value


def test_a_programme_widget_type_matches_the_pattern(client: TestClient) -> None:
    pattern = re.compile(_parameters(client)["widgetType"]["pattern"])
    assert pattern.match("p/masthead-referral/w/referredWidget")
