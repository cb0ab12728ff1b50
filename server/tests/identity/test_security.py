"""Cookie flags, cross-origin refusal, rate limits, and responses that say no more than needed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.settings import Settings
from tests.identity.helpers import PASSWORD, login, register


def _set_cookie_headers(response: object) -> list[str]:
    return response.headers.get_list("set-cookie")  # type: ignore[attr-defined, no-any-return]


def test_session_cookie_flags(client: TestClient) -> None:
    response = register(client, "flags@example.com")
    session = next(h for h in _set_cookie_headers(response) if h.startswith("zephrSessionId="))
    assert "HttpOnly" in session
    assert "SameSite=lax" in session
    assert "Path=/" in session
    assert "Max-Age=31536000" in session  # one year
    assert "Secure" not in session  # plain http in development


@pytest.fixture
def https_client(settings: Settings, clock: FrozenClock) -> Iterator[TestClient]:
    secure = settings.model_copy(update={"public_url": "https://news.example.com"})
    with TestClient(create_app(secure, clock), base_url="https://news.example.com") as c:
        yield c


def test_session_cookie_is_secure_under_https(https_client: TestClient) -> None:
    response = register(https_client, "secure@example.com")
    session = next(h for h in _set_cookie_headers(response) if h.startswith("zephrSessionId="))
    assert "Secure" in session


def test_cross_origin_state_change_is_refused(client: TestClient) -> None:
    register(client, "victim@example.com")
    evil = {"Origin": "https://evil.example"}
    response = client.post("/blaize/profile", json={"bio": "pwned"}, headers=evil)
    assert response.status_code == 403
    assert response.json()["type"] == "cross-origin-refused"
    assert client.get("/blaize/profile").json()["bio"] == ""
    response = client.post("/blaize/logout", headers={"Referer": "https://evil.example/page"})
    assert response.status_code == 403
    assert client.get("/blaize/account").status_code == 200

    same = client.post(
        "/blaize/profile", json={"bio": "mine"}, headers={"Origin": "http://testserver"}
    )
    assert same.status_code == 200


def test_login_is_rate_limited(settings: Settings, clock: FrozenClock) -> None:
    strict = settings.model_copy(update={"rate_limit_per_account": 3, "rate_limit_per_address": 5})
    with TestClient(create_app(strict, clock), base_url="http://testserver") as c:
        register(c, "target@example.com")
        for _ in range(3):
            assert login(c, "target@example.com", "Guess-1234").status_code == 401
        limited = login(c, "target@example.com", PASSWORD)
        assert limited.status_code == 429
        assert int(limited.headers["Retry-After"]) > 0
        assert limited.json()["type"] == "too-many-requests"
        assert "Please wait" in limited.json()["message"]
        # the address limit catches spraying across accounts
        assert login(c, "other@example.com").status_code == 404
        assert login(c, "third@example.com").status_code == 429


def test_register_and_reset_are_rate_limited(settings: Settings, clock: FrozenClock) -> None:
    strict = settings.model_copy(update={"rate_limit_per_address": 2})
    with TestClient(create_app(strict, clock), base_url="http://testserver") as c:
        assert register(c, "a1@example.com").status_code == 200
        assert register(c, "a2@example.com").status_code == 200
        assert register(c, "a3@example.com").status_code == 429
        reset = {"identifiers": {"email_address": "a1@example.com"}}
        assert c.post("/blaize/users/reset", json=reset).status_code == 201
        assert c.post("/blaize/users/reset", json=reset).status_code == 201
        assert c.post("/blaize/users/reset", json=reset).status_code == 429


def test_no_response_reveals_secrets(client: TestClient) -> None:
    bodies = [
        register(client, "quiet@example.com").text,
        client.get("/blaize/account").text,
        client.get("/blaize/profile").text,
        client.get("/blaize/datalayer").text,
        login(client, "quiet@example.com", "Wrong-pass-1").text,
    ]
    for text in bodies:
        assert "argon2" not in text
        assert PASSWORD not in text
        assert "password_hash" not in text
    assert set(client.get("/blaize/account").json()) == {"identifiers", "tracking_id"}


def test_unknown_paths_answer_json_errors(client: TestClient) -> None:
    response = client.get("/blaize/nothing-here")
    assert response.status_code == 404
    assert response.json()["type"] == "not-found"
