"""User JWTs: HS256 with the tenant's key, for the path's user; anything else is 401."""

from __future__ import annotations

import base64
import json
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals.service import issue_user_jwt
from tests.referrals.helpers import KEY, LIVE, LIVE_KEY, TENANT, auth, seed, token, upsert


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _forged(alg: str, payload: dict[str, object], signature: str = "") -> str:
    """A token whose header claims `alg`; PyJWT must refuse it before checking anything."""

    def part(data: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")

    return f"{part({'alg': alg, 'typ': 'JWT'})}.{part(payload)}.{signature}"


def _refused(response: object, message: str) -> None:
    assert response.status_code == 401, response.text  # type: ignore[attr-defined]
    error = response.json()  # type: ignore[attr-defined]
    assert error["apiErrorCode"] == "INVALID_TOKEN"
    assert error["type"] == "unauthorized"
    assert error["statusCode"] == 401
    assert error["rsCode"] == "RS1411"
    assert message in error["message"]


def test_tampered_tokens_are_refused(client: TestClient, clock: FrozenClock) -> None:
    user: dict[str, object] = {"user": {"id": "u", "accountId": "a"}}
    expired = int((clock.now() - timedelta(seconds=1)).timestamp())
    cases = [
        (token("a", "u", key="another-key"), "signature does not match"),
        (_forged("none", user), "must be signed with HS256"),
        (token("a", "u", algorithm="HS512"), "must be signed with HS256"),
        (_forged("RS256", user, "c2lnbmF0dXJl"), "must be signed with HS256"),
        (token("a", "u", exp=expired), "has expired"),
        (token("a", "u", nbf=int(clock.now().timestamp()) + 60), "not valid yet"),
        (token("a", "u", exp="tomorrow"), "exp claim must be a number"),
        (token("a", "someone-else"), "issued for another user"),
        (token("other-account", "u"), "issued for another user"),
        (token(None, None, allowAnonymous=True), "anonymous token was sent"),
        (token(None, None), "neither a user nor"),
        (token(None, None, user="me"), "user claim must be an object"),
        ("not.a.jwt", "not a valid JWT"),
    ]
    for value, message in cases:
        # a test-mode tenant needs no token, but checks one that is sent
        _refused(upsert(client, "a", "u", headers=auth(value)), message)


def test_every_token_header_is_read(client: TestClient, clock: FrozenClock) -> None:
    good = token("a", "u", exp=int((clock.now() + timedelta(minutes=5)).timestamp()))
    for header, value in [
        ("X-SaaSquatch-User-Token", good),
        ("user-token", good),
        ("Authorization", f"Bearer {good}"),
    ]:
        assert upsert(client, "a", "u", headers=auth(value, header)).status_code == 200, header
    _refused(upsert(client, "a", "u", headers=auth("Bearer junk", "Authorization")), "not a valid")
    # another scheme is no token at all: the test tenant accepts the call
    assert (
        upsert(client, "a", "u", headers=auth(f"Basic {good}", "Authorization")).status_code == 200
    )


def test_expiry_follows_the_clock(client: TestClient, clock: FrozenClock) -> None:
    value = token("a", "u", exp=int((clock.now() + timedelta(minutes=1)).timestamp()))
    assert upsert(client, "a", "u", headers=auth(value)).status_code == 200
    clock.advance(timedelta(minutes=2))
    _refused(upsert(client, "a", "u", headers=auth(value)), "has expired")


def test_live_tenants_require_a_token(client: TestClient) -> None:
    missing = upsert(client, "a", "u", tenant=LIVE)
    assert missing.status_code == 401
    assert missing.json()["apiErrorCode"] == "TOKEN_REQUIRED"
    assert "X-SaaSquatch-User-Token" in missing.json()["message"]
    _refused(upsert(client, "a", "u", tenant=LIVE, headers=auth(token("a", "u"))), "signature")
    ok = upsert(client, "a", "u", tenant=LIVE, headers=auth(token("a", "u", key=LIVE_KEY)))
    assert ok.status_code == 200
    render = client.get(f"/api/v1/{LIVE}/widget/account/a/user/u/render")
    assert render.json()["apiErrorCode"] == "TOKEN_REQUIRED"
    render = client.get(
        f"/api/v1/{LIVE}/widget/account/a/user/u/render",
        headers=auth(token("a", "u", key=LIVE_KEY)),
    )
    assert render.status_code == 200


def test_signed_fields_win_over_the_body(client: TestClient) -> None:
    value = token("a", "u", user={"email": "signed@example.com", "firstName": "Signed"})
    user = upsert(
        client,
        "a",
        "u",
        headers=auth(value),
        email="body@example.com",
        firstName="Body",
        lastName="B",
    ).json()["user"]
    assert (user["email"], user["firstName"], user["lastName"]) == (
        "signed@example.com",
        "Signed",
        "B",
    )


def test_anonymous_calls_accept_anonymous_tokens(client: TestClient) -> None:
    url = f"/api/v1/{TENANT}/widget/user/cookie_user"
    assert client.put(url, headers=auth(token(None, None, allowAnonymous=True))).status_code == 200
    assert client.put(url, headers=auth(token("a", "u"))).status_code == 200
    _refused(
        client.put(url, headers=auth(token(None, None, key="x", allowAnonymous=True))), "signature"
    )


def test_issue_user_jwt(runtime: Runtime, client: TestClient, clock: FrozenClock) -> None:
    with runtime.sessions() as db:
        value = issue_user_jwt(
            db, LIVE, {"id": "u", "accountId": "a", "email": "x@example.com"}, clock=clock
        )
        with pytest.raises(ValueError, match="accountId"):
            issue_user_jwt(db, LIVE, {"id": "u"}, clock=clock)
    import jwt

    claims = jwt.decode(value, LIVE_KEY, algorithms=["HS256"], options={"verify_exp": False})
    assert claims["user"] == {"id": "u", "accountId": "a", "email": "x@example.com"}
    assert claims["exp"] == int((clock.now() + timedelta(hours=1)).timestamp())
    assert upsert(client, "a", "u", tenant=LIVE, headers=auth(value)).status_code == 200
    assert KEY != LIVE_KEY


def test_a_token_without_exp_is_refused(client: TestClient) -> None:
    """SaaSquatch leaves exp optional; Masthead does not: a leaked token would never expire."""
    message = "The user token has no exp claim: sign it with an expiry time"
    _refused(upsert(client, "a", "u", headers=auth(token("a", "u", exp=None))), message)
    _refused(
        upsert(
            client, "a", "u", tenant=LIVE, headers=auth(token("a", "u", key=LIVE_KEY, exp=None))
        ),
        message,
    )
    anonymous = token(None, None, allowAnonymous=True, exp=None)
    _refused(
        client.put(f"/api/v1/{TENANT}/widget/user/cookie_user", headers=auth(anonymous)), message
    )
    graphql = client.post(
        f"/api/v1/{TENANT}/graphql",
        json={"query": "{ renderWidget { template } }"},
        headers=auth(f"Bearer {anonymous}", "Authorization"),
    )
    assert graphql.status_code == 401
    assert graphql.json()["errors"][0]["extensions"]["apiErrorCode"] == "INVALID_TOKEN"
    assert message in graphql.json()["message"]
    # with an exp, the same token is accepted
    assert upsert(client, "a", "u", headers=auth(token("a", "u"))).status_code == 200
