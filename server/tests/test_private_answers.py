"""Every answer meant for one reader says `Cache-Control: private, no-store`, so no shared
cache hands it to the next reader and no browser keeps it after logout; answers that are the
same for everyone stay cacheable."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import sign_in
from tests.built_shell import settings, web_dist  # noqa: F401  (the module's fixtures)
from tests.identity.helpers import PASSWORD, login
from tests.referrals.helpers import LIVE, LIVE_KEY, token, upsert
from tests.referrals.helpers import seed as seed_referrals
from tests.site.stories import seed as seed_stories

PRIVATE = "private, no-store"
SITE = "/wp-json/nyp-membership/v1"
DECIDE = {"sdkFeatureSlug": "membership-entitlement-check", "path": "/", "session": None}


def directives(response: Any) -> set[str]:
    return {d.strip() for d in response.headers.get("cache-control", "").split(",") if d.strip()}


@pytest.fixture
def reader(client: TestClient, runtime: Runtime) -> TestClient:
    seed_stories(runtime)
    sign_in(client)
    return client


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/blaize/account", None),
        ("GET", "/blaize/profile", None),
        ("GET", "/blaize/datalayer", None),
        ("POST", "/blaize/profile", {"bio": "Writes about engines"}),
        ("GET", "/", None),  # the publisher page embeds the session's nonce
        ("GET", "/account/settings", None),
    ],
)
def test_a_signed_in_readers_answers_are_private(
    reader: TestClient, method: str, path: str, body: Any
) -> None:
    response = reader.request(method, path, json=body)
    assert response.status_code < 500, response.text
    assert response.headers["cache-control"] == PRIVATE, path


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/blaize/payment/braintree/subscriptions", None),
        ("GET", f"{SITE}/membership", None),
        ("GET", f"{SITE}/nonce", None),
        ("POST", "/zephr/decision-engine", DECIDE),  # answered by its raw-ASGI fast path
    ],
)
def test_a_route_that_says_no_store_keeps_it(
    reader: TestClient, method: str, path: str, body: Any
) -> None:
    """`no-store` alone is stricter than `private, no-store`: no cache may keep it at all."""
    response = reader.request(method, path, json=body)
    assert response.status_code == 200, response.text
    assert "no-store" in directives(response) and "public" not in directives(response)


def test_signing_in_is_private(client: TestClient) -> None:
    sign_in(client, "first@example.com")
    client.cookies.clear()
    response = login(client, "first@example.com", PASSWORD)
    assert response.status_code == 200
    assert response.headers["cache-control"] == PRIVATE


def test_a_referral_users_answers_are_private(client: TestClient, runtime: Runtime) -> None:
    seed_referrals(runtime)
    user_token = {"X-SaaSquatch-User-Token": token("acct-1", "user-1", key=LIVE_KEY)}
    assert upsert(client, "acct-1", "user-1", tenant=LIVE, headers=user_token).status_code == 200
    render = client.get(
        f"/api/v1/{LIVE}/widget/account/acct-1/user/user-1/render",
        params={"widgetType": "REFERRER_WIDGET", "engagementMedium": "POPUP"},
        headers=user_token,
    )
    assert render.status_code == 200, render.text
    assert render.headers["cache-control"] == PRIVATE
    # Answered by the analytics fast path, in front of the routes: marked all the same.
    loaded = client.post(
        f"/a/{LIVE}/widgets/analytics/loaded",
        params={"externalAccountId": "acct-1", "externalUserId": "user-1"}
        | {"engagementMedium": "POPUP"},
        headers=user_token,
    )
    assert loaded.status_code == 204
    assert loaded.headers["cache-control"] == PRIVATE


def test_what_is_the_same_for_everyone_stays_cacheable(reader: TestClient) -> None:
    avatar = reader.get("/account/avatar/", params={"color": "#1a5fb4", "initials": "AL"})
    assert avatar.headers["cache-control"] == "public, max-age=86400"
    reader.cookies.clear()
    page = reader.get("/")
    assert page.headers["cache-control"] == "private, no-cache"  # no reader, no store needed
