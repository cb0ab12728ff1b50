"""CORS for merchant pages, the per-tenant origin check, and the session-cookie exemption."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.referrals.models import AnalyticsEvent
from tests.identity.helpers import register
from tests.referrals.helpers import BASE, MERCHANT, TENANT, count, seed, upsert

EVIL = "https://evil.example"
LOADED = f"/a/{TENANT}/widgets/analytics/loaded"
IDS = {"externalAccountId": "a", "externalUserId": "u", "engagementMedium": "POPUP"}


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _preflight(client: TestClient, path: str, origin: str, method: str = "PUT") -> object:
    return client.options(
        path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": "content-type,x-saasquatch-user-token",
        },
    )


def test_preflight_for_an_allowed_origin(client: TestClient) -> None:
    for path in (
        f"{BASE}/widget/account/a/user/u/upsert",
        f"{BASE}/widget/user/cookie_user",
        f"{BASE}/graphql",
        f"/a/{TENANT}/widgets/analytics/shared",
    ):
        response = _preflight(client, path, MERCHANT)
        assert response.status_code == 204, path  # type: ignore[attr-defined]
        headers = response.headers  # type: ignore[attr-defined]
        assert headers["access-control-allow-origin"] == MERCHANT
        assert headers["access-control-allow-credentials"] == "true"
        assert headers["access-control-allow-methods"] == "GET, POST, PUT, OPTIONS"
        allowed = headers["access-control-allow-headers"]
        for name in (
            "Content-Type",
            "X-SaaSquatch-User-Token",
            "X-SaaSquatch-Referrer",
            "user-token",
            "Authorization",
        ):
            assert name in allowed
        assert headers["vary"] == "Origin"


def test_preflight_for_other_origins_and_tenants(client: TestClient) -> None:
    refused = _preflight(client, f"{BASE}/widget/user/cookie_user", EVIL)
    assert refused.status_code == 403  # type: ignore[attr-defined]
    assert "access-control-allow-origin" not in refused.headers  # type: ignore[attr-defined]
    assert refused.json()["apiErrorCode"] == "ORIGIN_NOT_ALLOWED"  # type: ignore[attr-defined]
    # another tenant's origins are its own: the live tenant does not list localhost:8000
    other = _preflight(client, "/api/v1/live_masthead/graphql", "http://localhost:8000")
    assert other.status_code == 403  # type: ignore[attr-defined]
    unknown = _preflight(client, "/api/v1/nobody/graphql", MERCHANT)
    assert unknown.status_code == 403  # type: ignore[attr-defined]


def test_answers_carry_credentials_headers_even_when_failing(client: TestClient) -> None:
    ok = upsert(client, "a", "u", headers={"Origin": MERCHANT})
    assert ok.status_code == 200
    assert ok.headers["access-control-allow-origin"] == MERCHANT
    assert ok.headers["access-control-allow-credentials"] == "true"
    missing = client.get(
        f"{BASE}/widget/account/a/user/nobody/render", headers={"Origin": MERCHANT}
    )
    assert missing.status_code == 404
    assert missing.headers["access-control-allow-origin"] == MERCHANT  # the library can read it
    invalid = upsert(client, "a", "u", headers={"Origin": MERCHANT}, email="nope")
    assert invalid.status_code == 400
    assert invalid.headers["access-control-allow-origin"] == MERCHANT
    # a read from another origin is answered, but without CORS headers the browser hides it
    foreign = client.get(f"{BASE}/widget/account/a/user/u/render", headers={"Origin": EVIL})
    assert foreign.status_code == 200
    assert "access-control-allow-origin" not in foreign.headers


def test_state_changes_from_other_origins_are_refused(client: TestClient, runtime: Runtime) -> None:
    refused = client.post(LOADED, params=IDS, headers={"Origin": EVIL})
    assert refused.status_code == 403
    assert refused.json()["type"] == "cross-origin-refused"
    assert refused.json()["apiErrorCode"] == "ORIGIN_NOT_ALLOWED"
    assert count(runtime, AnalyticsEvent) == 0
    # Masthead's own pages, and calls without a browser's Origin, are not cross-origin
    assert (
        client.post(LOADED, params=IDS, headers={"Origin": "http://testserver"}).status_code == 204
    )
    assert client.post(LOADED, params=IDS).status_code == 204
    assert client.post(LOADED, params=IDS, headers={"Origin": MERCHANT}).status_code == 204


def test_the_session_cookie_does_not_block_referral_calls(client: TestClient) -> None:
    """origin.py exempts /api/v1/ and /a/: they authenticate by JWT, not by the session."""
    register(client, "reader@example.com")
    assert "zephrSessionId" in client.cookies
    analytics = client.post(LOADED, params=IDS, headers={"Origin": MERCHANT})
    assert analytics.status_code == 204
    assert upsert(client, "a", "u", headers={"Origin": MERCHANT}).status_code == 200
    # the identity endpoints still refuse that origin
    profile = client.post("/blaize/profile", json={"bio": "x"}, headers={"Origin": MERCHANT})
    assert profile.status_code == 403
    assert profile.json()["type"] == "cross-origin-refused"
