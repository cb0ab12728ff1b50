"""Shared steps of the referral programme tests: a marketing member in the console, tenants
and programmes made through the console's API, and steps through the real widget API."""

from __future__ import annotations

import base64
from datetime import timedelta
from typing import Any

import jwt
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.referrals.helpers import TOKEN_EXPIRES
from tests.staff.conftest import Member, staff_member

TENANTS = "/admin/api/referral-tenants"
MERCHANT = "https://shop.example"
PROGRAMME = {
    "slug": "friends",
    "name": "Friends of Acme",
    "referrer_reward": "A tote bag",
    "referred_reward": "20% off your first order",
    "conversion_keys": ["purchase"],
    "landing_url": "https://shop.example/join?utm=ref",
}


def marketing(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> Member:
    return staff_member(app, runtime, clock, "mk@example.com", ["marketing"])


def tenant_body(alias: str = "acme", **changes: Any) -> dict[str, Any]:
    return {
        "alias": alias,
        "name": "Acme Shop",
        "mode": "test",
        "allowed_origins": [MERCHANT],
        **changes,
    }


def create_tenant(client: TestClient, alias: str = "acme", **changes: Any) -> dict[str, Any]:
    answer = client.post(TENANTS, json=tenant_body(alias, **changes))
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def create_programme(client: TestClient, alias: str = "acme", **changes: Any) -> dict[str, Any]:
    answer = client.post(f"{TENANTS}/{alias}/programmes", json={**PROGRAMME, **changes})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def lose_step_up(member: Member) -> None:
    """Past the sign-in code's 5 minutes: a sensitive action needs a new code."""
    member.clock.advance(timedelta(minutes=5, seconds=1))


def step_up(member: Member) -> None:
    answer = member.client.post("/admin/api/session/confirm", json={"code": member.code()})
    assert answer.status_code == 200, answer.text


def user_jwt(key: str, user: str) -> str:
    payload = {"user": {"id": user, "accountId": user}, "exp": TOKEN_EXPIRES}
    return jwt.encode(payload, key, algorithm="HS256")


def basic(key: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f":{key}".encode()).decode()}


def widget_upsert(
    client: TestClient,
    alias: str,
    user: str,
    headers: dict[str, str] | None = None,
    **body: Any,
) -> Any:
    return client.put(
        f"/api/v1/{alias}/widget/account/{user}/user/{user}/upsert",
        params={"widgetType": "REFERRER_WIDGET", "engagementMedium": "POPUP"},
        json={"id": user, "accountId": user, **body},
        headers=headers or {},
    )


def track(client: TestClient, alias: str, user: str, key: str, event: str = "purchase") -> Any:
    return client.post(
        f"/api/v1/{alias}/open/account/{user}/user/{user}/events",
        json={"accountId": user, "userId": user, "events": [{"key": event}]},
        headers=basic(key),
    )
