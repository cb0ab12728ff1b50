"""Password reset, email change link and change password (spec sections 7 and 8)."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.identity.helpers import (
    PASSWORD,
    RESET_SUBJECT,
    link_token,
    login,
    mails_to,
    register,
)

NEW_PASSWORD = "Brand-New-Pass-2"


def _reset(client: TestClient, token: str, password: str = NEW_PASSWORD) -> object:
    return client.post(f"/blaize/users/reset/{token}", json={"validators": {"password": password}})


def test_reset_mails_a_single_use_link(client: TestClient, runtime: Runtime) -> None:
    register(client, "r@example.com")
    other_device = client.cookies["zephrSessionId"]

    response = client.post(
        "/blaize/users/reset", json={"identifiers": {"email_address": "r@example.com"}}
    )
    assert response.status_code == 201
    (mail,) = mails_to(runtime, "r@example.com", RESET_SUBJECT)
    assert "http://testserver/account/reset-password?token=" in mail.text
    token = link_token(mail)

    weak = client.post(f"/blaize/users/reset/{token}", json={"validators": {"password": "weak"}})
    assert weak.status_code == 400
    assert weak.json()["type"] == "password-not-strong"

    assert (
        client.post(
            f"/blaize/users/reset/{token}", json={"validators": {"password": NEW_PASSWORD}}
        ).status_code
        == 200
    )
    again = client.post(
        f"/blaize/users/reset/{token}", json={"validators": {"password": NEW_PASSWORD}}
    )
    assert again.status_code == 404
    assert again.json()["type"] == "invalid-state"

    client.cookies.set("zephrSessionId", other_device)  # reset signs every device out
    assert client.get("/blaize/account").status_code == 401
    assert login(client, "r@example.com", PASSWORD).status_code == 401
    assert login(client, "r@example.com", NEW_PASSWORD).status_code == 200


def test_reset_statuses(client: TestClient, runtime: Runtime, clock: FrozenClock) -> None:
    unknown = client.post(
        "/blaize/users/reset", json={"identifiers": {"email_address": "x@example.com"}}
    )
    assert unknown.status_code == 404
    assert unknown.json()["type"] == "user-not-found"
    assert client.post("/blaize/users/reset", json={"identifiers": {}}).status_code == 400
    bogus = client.post(
        "/blaize/users/reset/not-a-token", json={"validators": {"password": NEW_PASSWORD}}
    )
    assert bogus.status_code == 404

    register(client, "late@example.com")
    client.post("/blaize/users/reset", json={"identifiers": {"email_address": "late@example.com"}})
    token = link_token(mails_to(runtime, "late@example.com", RESET_SUBJECT)[0])
    clock.advance(timedelta(minutes=61))
    expired = client.post(
        f"/blaize/users/reset/{token}", json={"validators": {"password": NEW_PASSWORD}}
    )
    assert expired.status_code == 404
    assert expired.json()["type"] == "invalid-state"


def test_a_newer_reset_link_replaces_the_older(client: TestClient, runtime: Runtime) -> None:
    register(client, "twice@example.com")
    for _ in range(2):
        client.post(
            "/blaize/users/reset", json={"identifiers": {"email_address": "twice@example.com"}}
        )
    first, second = (link_token(m) for m in mails_to(runtime, "twice@example.com", RESET_SUBJECT))
    assert (
        client.post(
            f"/blaize/users/reset/{first}", json={"validators": {"password": NEW_PASSWORD}}
        ).status_code
        == 404
    )
    assert (
        client.post(
            f"/blaize/users/reset/{second}", json={"validators": {"password": NEW_PASSWORD}}
        ).status_code
        == 200
    )


def _confirm(client: TestClient, token: str, password: str = PASSWORD) -> object:
    return client.post(
        f"/blaize/users/update-email/{token}", json={"validators": {"password": password}}
    )


def test_email_change_through_the_link(client: TestClient, runtime: Runtime) -> None:
    register(client, "old@example.com")
    response = client.post(
        "/blaize/users/update-email/",
        json={"new_identifiers": {"email_address": "New@Example.com"}},
    )
    assert response.status_code == 200
    told = mails_to(runtime, "old@example.com", "Your email address is about to change")
    assert len(told) == 1  # the old address is told
    (mail,) = mails_to(runtime, "new@example.com")
    assert "/account/settings/verify-email-change?token=" in mail.text
    token = link_token(mail)
    assert client.get("/blaize/account").json()["identifiers"]["email_address"] == "old@example.com"

    wrong = client.post(
        f"/blaize/users/update-email/{token}", json={"validators": {"password": "Nope-nope-1"}}
    )
    assert wrong.status_code == 401
    assert wrong.json()["message"] == "Your password is incorrect."

    ok = client.post(
        f"/blaize/users/update-email/{token}", json={"validators": {"password": PASSWORD}}
    )
    assert ok.status_code == 200
    assert ok.json()["identifiers"] == {"email_address": "new@example.com"}
    assert client.get("/blaize/account").json()["identifiers"]["email_address"] == "new@example.com"

    used = client.post(
        f"/blaize/users/update-email/{token}", json={"validators": {"password": PASSWORD}}
    )
    assert used.status_code == 410
    assert used.json()["type"] == "link-expired"


def test_email_change_refusals(client: TestClient, runtime: Runtime, clock: FrozenClock) -> None:
    register(client, "taken@example.com")
    client.post("/blaize/logout")
    register(client, "mover@example.com")

    taken = client.post(
        "/blaize/users/update-email/",
        json={"new_identifiers": {"email_address": "taken@example.com"}},
    )
    assert taken.status_code == 409
    assert taken.json()["message"] == "Your new email address is already taken."
    invalid = client.post(
        "/blaize/users/update-email/", json={"new_identifiers": {"email_address": "nope"}}
    )
    assert invalid.status_code == 400

    client.post(
        "/blaize/users/update-email/",
        json={"new_identifiers": {"email_address": "later@example.com"}},
    )
    token = link_token(mails_to(runtime, "later@example.com")[0])
    register_other = TestClient(client.app, base_url="http://testserver")
    register(register_other, "later@example.com")  # someone takes the address meanwhile
    raced = client.post(
        f"/blaize/users/update-email/{token}", json={"validators": {"password": PASSWORD}}
    )
    assert raced.status_code == 409
    assert raced.json()["type"] == "user-already-exists"

    client.post(
        "/blaize/users/update-email/",
        json={"new_identifiers": {"email_address": "slow@example.com"}},
    )
    token = link_token(mails_to(runtime, "slow@example.com")[0])
    clock.advance(timedelta(days=2))
    expired = client.post(
        f"/blaize/users/update-email/{token}", json={"validators": {"password": PASSWORD}}
    )
    assert expired.status_code == 410
    assert (
        client.post(
            "/blaize/users/update-email/unknown", json={"validators": {"password": PASSWORD}}
        ).status_code
        == 404
    )


def test_change_password(client: TestClient) -> None:
    register(client, "c@example.com")
    other = TestClient(client.app, base_url="http://testserver")
    assert login(other, "c@example.com").status_code == 200

    def change(current: str, new: str) -> object:
        return client.post(
            "/blaize/users/change-password/",
            json={"current_validators": {"password": current}, "new_validators": {"password": new}},
        )

    wrong = change("Not-it-123", NEW_PASSWORD)
    assert wrong.status_code == 403
    assert wrong.json() == {
        "type": "bad-credentials",
        "message": "Sorry, your current password didn't match. Try again.",
    }
    weak = change(PASSWORD, "weakling")
    assert weak.status_code == 400
    assert weak.json()["type"] == "password-not-strong"
    assert change(PASSWORD, NEW_PASSWORD).status_code == 200

    assert client.get("/blaize/account").status_code == 200  # this device stays in
    assert other.get("/blaize/account").status_code == 401  # the others are signed out
    assert login(other, "c@example.com", NEW_PASSWORD).status_code == 200
