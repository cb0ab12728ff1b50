"""Social sign-in end to end through the development identity provider: a new reader
registers with the popup's stateKey, a returning one is logged in, an existing password
account is linked only on the provider's verified word, and state is single-use and bound
to the browser."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.identity.cookies import SESSION_COOKIE
from masthead.settings import Settings
from tests.conftest import TEST_ORIGIN
from tests.identity.helpers import login, register
from tests.identity.social.popup import (
    OPENER_STATE,
    development_sign_in,
    posted_message,
    register_with,
    start,
    state_of,
)

FAILURE = "Sorry, there was a problem logging into your account."


def test_the_three_providers_are_offered_by_default(client: TestClient) -> None:
    assert client.get("/blaize/oauth").json() == {"providers": ["google", "facebook", "apple"]}


def test_a_new_reader_registers_with_the_state_key(client: TestClient) -> None:
    message = development_sign_in(
        client, sub="g-100", email="New.Reader@Example.com", first="Ada", last="Byron"
    )
    assert message["action"] == "register"
    assert message["identifier"] == "new.reader@example.com"
    assert message["state"] == OPENER_STATE
    assert message["cookie"] == "" and message["stateKey"]
    assert message["_target"] == TEST_ORIGIN  # the site's own origin, never "*"
    assert SESSION_COOKIE not in client.cookies  # nobody is signed in before register

    response = register_with(client, message)
    assert response.status_code == 200, response.text
    assert response.json()["cookie"].startswith(f"{SESSION_COOKIE}=")
    profile = client.get("/blaize/profile").json()
    assert profile["sso-user"] is True
    assert profile["google-authenticated"] is True
    assert profile["facebook-authenticated"] is False
    assert profile["sso-provider"] == "google"
    assert (profile["first-name"], profile["last-name"]) == ("Ada", "Byron")
    assert client.get("/blaize/profile/_google").json() == {
        "first-name": "Ada",
        "last-name": "Byron",
        "full-name": "Ada Byron",
    }

    again = register_with(client, message)  # a stateKey works once
    assert again.status_code == 404
    assert again.json()["type"] == "invalid-state"


def test_a_returning_reader_is_logged_in(client: TestClient) -> None:
    first = development_sign_in(client, "apple", sub="a-1", email="back@example.com")
    tracking_id = register_with(client, first).json()["tracking_id"]
    client.post("/blaize/logout")
    assert client.get("/blaize/account").status_code == 401

    message = development_sign_in(client, "apple", sub="a-1", email="back@example.com")
    assert message["action"] == "login"
    assert message["tracking_id"] == tracking_id
    assert message["cookie"].startswith(f"{SESSION_COOKIE}=")
    assert message["stateKey"] == ""
    account = client.get("/blaize/account").json()
    assert account["identifiers"]["email_address"] == "back@example.com"


def test_apple_keeps_the_name_told_on_the_first_sign_in(client: TestClient) -> None:
    first = development_sign_in(client, "apple", sub="a-2", email="n@example.com", first="Jo")
    register_with(client, first)
    development_sign_in(client, "apple", sub="a-2", email="n@example.com")  # no name now
    assert client.get("/blaize/profile/_apple").json()["first-name"] == "Jo"


def test_an_existing_account_is_linked_on_a_verified_email(client: TestClient) -> None:
    register(client, "owner@example.com")
    client.post("/blaize/logout")

    refused = development_sign_in(
        client, "google", sub="g-2", email="owner@example.com", verified=False
    )
    assert refused["action"] == "error"
    assert "log in with your password" in refused["message"]
    assert client.get("/blaize/account").status_code == 401

    message = development_sign_in(client, "google", sub="g-2", email="owner@example.com")
    assert message["action"] == "login"
    assert client.get("/blaize/profile").json()["google-authenticated"] is True
    # The address was never verified: whoever registered it may have been someone else, so
    # the password made then stops working once the provider has proven the owner.
    client.post("/blaize/logout")
    assert login(client, "owner@example.com").status_code == 401


def test_a_wrong_state_is_refused(client: TestClient) -> None:
    message = development_sign_in(client, email="x@example.com", state="not-the-state-at-all")
    assert message["action"] == "error"
    assert message["state"] == ""
    assert message["_target"] == TEST_ORIGIN


def test_a_state_works_once(client: TestClient) -> None:
    page = start(client)
    form = {"state": state_of(page), "email": "once@example.com", "email_verified": "true"}
    first = client.post("/blaize/oauth/google/callback", data=form)
    assert posted_message(first.text)["action"] == "register"
    second = client.post("/blaize/oauth/google/callback", data=form)
    assert posted_message(second.text)["action"] == "error"
    assert FAILURE in second.text


def test_a_state_from_another_browser_is_refused(app: object, client: TestClient) -> None:
    page = start(client)
    with TestClient(app, base_url=TEST_ORIGIN) as other:  # type: ignore[arg-type]
        form = {"state": state_of(page), "email": "other@example.com", "email_verified": "true"}
        answer = other.post("/blaize/oauth/google/callback", data=form)
    assert posted_message(answer.text)["action"] == "error"


def test_cancelling_at_the_provider_reports_a_failure(client: TestClient) -> None:
    page = start(client, "facebook")
    answer = client.post(
        "/blaize/oauth/facebook/callback", data={"state": state_of(page), "error": "access_denied"}
    )
    message = posted_message(answer.text)
    assert message == {
        "action": "error",
        "message": "Signing in with Facebook was cancelled.",
        "state": OPENER_STATE,
        "_target": TEST_ORIGIN,
    }


def test_register_refuses_another_address_than_the_providers(client: TestClient) -> None:
    message = development_sign_in(client, email="mine@example.com")
    response = register_with(client, {**message, "identifier": "someone@example.com"})
    assert response.status_code == 400
    assert "mine@example.com" in response.json()["message"]
    assert register_with(client, message).status_code == 200  # the key is still good


def test_register_refuses_an_unknown_key(client: TestClient) -> None:
    response = client.post(
        "/blaize/register",
        json={
            "identifiers": {"email_address": "who@example.com"},
            "validators": {"token_exchange": "made-up"},
        },
    )
    assert response.status_code == 404
    assert response.json() == {
        "type": "invalid-state",
        "message": "This sign-in attempt has expired. Please sign in again.",
    }


def test_the_popup_pages_allow_only_their_own_script(client: TestClient) -> None:
    page = start(client)
    form_page = client.get(page)
    assert "script-src" not in form_page.headers["content-security-policy"]
    assert form_page.headers["cache-control"] == "no-store"
    final = client.post(
        "/blaize/oauth/google/callback",
        data={"state": state_of(page), "email": "csp@example.com"},
    )
    policy = final.headers["content-security-policy"]
    assert "script-src 'nonce-" in policy and "frame-ancestors 'none'" in policy
    assert "postMessage(" in final.text and '"*"' not in final.text


def test_the_opener_state_must_look_random(client: TestClient) -> None:
    response = client.get("/blaize/oauth/google", params={"state": "short"})
    assert response.status_code == 400
    assert client.get("/blaize/oauth/twitter", params={"state": OPENER_STATE}).status_code == 400


def test_with_verification_required_an_unverified_address_waits_for_its_link(
    settings: Settings, clock: FrozenClock
) -> None:
    app = create_app(settings.model_copy(update={"require_email_verification": True}), clock)
    with TestClient(app, base_url=TEST_ORIGIN) as client:
        message = development_sign_in(client, sub="u-1", email="unv@example.com", verified=False)
        answer = register_with(client, message)
        assert answer.status_code == 200
        assert answer.json()["cookie"] == ""  # no session until the mailed link is followed
        again = development_sign_in(client, sub="u-1", email="unv@example.com", verified=False)
        assert again["action"] == "error"
        assert "verification email" in again["message"]

        # A provider that vouches for the address needs no link.
        vouched = development_sign_in(client, sub="v-1", email="ver@example.com")
        assert register_with(client, vouched).json()["cookie"].startswith(SESSION_COOKIE)
