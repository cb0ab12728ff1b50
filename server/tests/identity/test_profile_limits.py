"""The profile's limits are published in the OpenAPI document, and the server keeps exactly
those numbers (issue 12, item 12): the account area's forms read them from that document
(web/src/api/profileRules.ts, checked against it by profileRules.test.ts)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.identity.helpers import register


def _documented(app: FastAPI) -> dict[str, Any]:
    body = app.openapi()["paths"]["/blaize/profile"]["post"]["requestBody"]
    ref = body["content"]["application/json"]["schema"]["$ref"]
    assert ref == "#/components/schemas/ProfileUpdate"
    properties: dict[str, Any] = app.openapi()["components"]["schemas"]["ProfileUpdate"][
        "properties"
    ]
    return properties


def test_every_text_key_the_reader_edits_has_a_documented_limit(app: FastAPI) -> None:
    documented = _documented(app)
    for key in ["full-name", "first-name", "last-name", "display-name", "bio", "location"]:
        assert documented[key]["type"] == "string"
        assert documented[key]["maxLength"] > 0, key
    assert "pattern" in documented["phone-number"]


def test_the_server_refuses_one_character_over_each_documented_limit(
    app: FastAPI, client: TestClient
) -> None:
    register(client, "limits@example.com")
    for key, rule in _documented(app).items():
        if rule.get("type") != "string" or "pattern" in rule:
            continue
        limit = rule["maxLength"]
        # Characters are code points: an emoji counts once, as JSON Schema counts it.
        at_limit = client.post("/blaize/profile", json={key: "🦄" * limit})
        assert at_limit.status_code == 200, (key, at_limit.text)
        over = client.post("/blaize/profile", json={key: "x" * (limit + 1)})
        assert over.status_code == 400, key
        assert over.json() == {
            "type": "bad-request",
            "message": f"The {key} field can be at most {limit} characters.",
        }


@pytest.mark.parametrize(
    ("key", "good", "bad"),
    [
        ("phone-number", "+1 (212) 555-0100", "call me"),
        ("avatar-color", "#1a2b3c", "#12345"),
        ("image-url", "https://img.example.com/a.png", "http://img.example.com/a.png"),
    ],
)
def test_documented_patterns_are_the_server_rules(
    app: FastAPI, client: TestClient, key: str, good: str, bad: str
) -> None:
    register(client, "patterns@example.com")
    pattern = re.compile(_documented(app)[key]["pattern"])
    assert pattern.match(good) and pattern.match("")  # empty clears the field
    assert not pattern.match(bad)
    assert client.post("/blaize/profile", json={key: good}).status_code == 200
    assert client.post("/blaize/profile", json={key: ""}).status_code == 200
    assert client.post("/blaize/profile", json={key: bad}).status_code == 400


def test_a_body_that_is_not_an_object_is_a_400(client: TestClient) -> None:
    register(client, "array@example.com")
    response = client.post("/blaize/profile", json=["full-name"])
    assert response.status_code == 400
    assert response.json()["type"] == "bad-request"


def test_snake_case_keys_are_not_taken_for_the_spec_keys(client: TestClient) -> None:
    register(client, "snake@example.com")
    response = client.post("/blaize/profile", json={"full_name": "Ada"})
    assert response.status_code == 400
    assert response.json()["message"] == "The full_name field does not exist."


def test_names_split_from_a_long_full_name_stay_within_their_own_limits(
    client: TestClient,
) -> None:
    register(client, "split@example.com")
    response = client.post("/blaize/profile", json={"full-name": "x" * 150 + " " + "y" * 49})
    assert response.status_code == 200
    profile = response.json()
    assert profile["full-name"] == "x" * 150 + " " + "y" * 49
    assert profile["first-name"] == "x" * 100
    assert profile["last-name"] == "y" * 49
