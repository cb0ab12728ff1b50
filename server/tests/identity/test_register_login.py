"""Register, login, logout, account and data layer: the contract of spec sections 7 and 8."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.identity.helpers import PASSWORD, login, mails_to, register


def test_register_signs_the_reader_in(client: TestClient) -> None:
    response = register(client, "Ada@Example.com", **{"first-name": "Ada", "last-name": "Lovelace"})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"cookie", "message", "tracking_id"}
    token = client.cookies["zephrSessionId"]
    assert body["cookie"].startswith(f"zephrSessionId={token}; Expires=")
    assert body["cookie"].endswith("; Path=/;")

    account = client.get("/blaize/account").json()
    assert account == {
        "identifiers": {"email_address": "ada@example.com"},
        "tracking_id": body["tracking_id"],
    }
    layer = client.get("/blaize/datalayer").json()["dataLayer"]
    assert layer == {
        "firstName": "Ada",
        "fullName": "Ada Lovelace",
        "lastName": "Lovelace",
        "loggedIn": True,
        "trackingId": body["tracking_id"],
        "products": [],
        "hadTrial": False,
        "paused": False,
    }


def test_register_refuses_a_weak_password(client: TestClient) -> None:
    for weak in ("Short1", "alllowercase1", ""):
        response = register(client, "weak@example.com", weak)
        assert response.status_code == 400, weak
    response = register(client, "weak@example.com", "lowercase-only")
    assert response.json() == {
        "type": "password-not-strong",
        "message": "Password must be at least 8 characters with one uppercase letter.",
    }
    assert login(client, "weak@example.com", "lowercase-only").status_code == 404


def test_register_twice_is_a_conflict(client: TestClient) -> None:
    assert register(client, "twice@example.com").status_code == 200
    response = register(client, "TWICE@example.com")
    assert response.status_code == 409
    assert response.json()["type"] == "user-already-exists"
    assert response.json()["message"] == "Sorry, this email is already in use."


def test_register_refuses_an_invalid_email(client: TestClient) -> None:
    response = register(client, "not-an-email")
    assert response.status_code == 400
    assert response.json()["message"] == "Please enter a valid email address."


def test_malformed_bodies_are_400_with_a_message(client: TestClient) -> None:
    response = client.post("/blaize/login", json={"identifiers": {}})
    assert response.status_code == 400
    assert response.json()["type"] == "bad-request"
    assert "email_address" in response.json()["message"]
    response = client.post(
        "/blaize/login", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400


def test_login_statuses(client: TestClient) -> None:
    register(client, "reader@example.com")
    client.post("/blaize/logout")

    unknown = login(client, "nobody@example.com")
    assert unknown.status_code == 404
    assert unknown.json()["type"] == "user-not-found"

    wrong = login(client, "reader@example.com", "Wrong-password-1")
    assert wrong.status_code == 401
    assert wrong.json() == {
        "type": "invalid-password",
        "message": "Sorry, this is the wrong email or password.",
    }
    assert "zephrSessionId" not in client.cookies

    ok = login(client, " Reader@Example.com ")
    assert ok.status_code == 200
    assert ok.json()["message"] == "Login successful"
    assert client.get("/blaize/account").status_code == 200


def test_unverified_email_is_refused_until_the_link_is_followed(
    client: TestClient, runtime: Runtime
) -> None:
    runtime.settings.require_email_verification = True
    response = register(client, "new@example.com")
    assert response.status_code == 200
    assert response.json()["cookie"] == ""
    assert "zephrSessionId" not in client.cookies

    refused = login(client, "new@example.com")
    assert refused.status_code == 401
    assert refused.json()["type"] == "email-not-verified"
    assert refused.json()["title"] == "email-verification-is-required"

    (mail,) = mails_to(runtime, "new@example.com")
    path = mail.text.split("http://testserver", 1)[1].split()[0]
    followed = client.get(path, follow_redirects=False)
    assert followed.status_code == 303
    assert followed.headers["location"] == "/account/login?verified=1"
    assert login(client, "new@example.com").status_code == 200


def test_logout_revokes_the_session(client: TestClient) -> None:
    register(client, "leaving@example.com")
    token = client.cookies["zephrSessionId"]
    response = client.post("/blaize/logout")
    assert response.status_code == 200
    assert response.json() == {"message": "Session deleted"}
    assert "zephrSessionId" not in client.cookies

    client.cookies.set("zephrSessionId", token)  # a copied cookie is dead too
    assert client.get("/blaize/account").status_code == 401
    assert client.get("/blaize/datalayer").status_code == 401


def test_reader_only_endpoints_need_a_session(client: TestClient) -> None:
    for method, path, body in [
        ("GET", "/blaize/account", None),
        ("GET", "/blaize/profile", None),
        ("POST", "/blaize/profile", {"bio": "x"}),
        ("GET", "/blaize/datalayer", None),
        ("POST", "/blaize/users/update-email/", {"new_identifiers": {"email_address": "a@b.co"}}),
        (
            "POST",
            "/blaize/users/change-password/",
            {"current_validators": {"password": "x"}, "new_validators": {"password": "y"}},
        ),
    ]:
        response = client.request(method, path, json=body)
        assert response.status_code == 401, path
        assert response.json() == {"type": "unauthorized", "message": "Please log in to continue."}


def test_sessions_expire(client: TestClient, clock: FrozenClock) -> None:
    register(client, "expiring@example.com", PASSWORD)
    clock.advance(timedelta(days=364))
    assert client.get("/blaize/account").status_code == 200
    clock.advance(timedelta(days=2))
    assert client.get("/blaize/account").status_code == 401
