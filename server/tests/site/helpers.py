"""Shared steps for site API tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.identity.helpers import register

JWT_PATH = "/wp-json/nyp-membership/v1/saasquatch_jwt"


def register_reader(
    client: TestClient, email: str, first: str = "Ada", last: str = "Lovelace"
) -> str:
    """Registers (and so signs in) a reader; returns their tracking id."""
    response = register(
        client, email, **{"full-name": f"{first} {last}", "first-name": first, "last-name": last}
    )
    assert response.status_code == 200, response.text
    tracking_id: str = response.json()["tracking_id"]
    return tracking_id


def referral_jwt(client: TestClient) -> Any:
    return client.get(JWT_PATH)


def upsert_with(
    client: TestClient, tenant: str, account_id: str, user_id: str, token: str | None
) -> Any:
    headers = {"X-SaaSquatch-User-Token": token} if token else {}
    return client.put(
        f"/api/v1/{tenant}/widget/account/{account_id}/user/{user_id}/upsert",
        params={"widgetType": "REFERRER_WIDGET", "engagementMedium": "EMBED"},
        json={"id": user_id, "accountId": account_id},
        headers=headers,
    )
