"""Shared steps for the decision tests: the default rules, the operator API, asking."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from masthead.decisions.defaults import seed_rules
from masthead.deps import Runtime

DECIDE = "/zephr/decision-engine"
RULES = "/operator/v1/decision-rules"
KEY = "decisions-test-key"
OPERATOR = {"Authorization": f"Bearer {KEY}"}


def seed(runtime: Runtime) -> None:
    with runtime.sessions.begin() as db:
        seed_rules(db, runtime.clock.now())


def operator_on(runtime: Runtime) -> None:
    runtime.settings.decisions_key = KEY


def ask(client: TestClient, feature: str, **fields: Any) -> Any:
    body = {
        "contentId": None,
        "path": "/account/subscribe",
        "sdkFeatureSlug": feature,
        "userAgent": "pytest",
        **fields,
    }
    return client.post(DECIDE, json=body)


def value(response: Any) -> Any:
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    return response.json()["outputValue"]


def add_rule(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(RULES, json=body, headers=OPERATOR)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def rules_of(client: TestClient, feature: str) -> list[dict[str, Any]]:
    response = client.get(RULES, params={"feature": feature}, headers=OPERATOR)
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["rules"]
    return found
