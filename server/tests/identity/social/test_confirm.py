"""A signed-in reader confirms it is them with the provider linked to their account (the popup
with purpose=confirm): nobody is signed in, registered or linked, and the reader's session is
never swapped; only the very identity linked to the account confirms."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.models import User
from masthead.identity.social.models import SocialRegisterKey
from tests.comments.writing_helpers import browser
from tests.conftest import TEST_ORIGIN
from tests.identity.helpers import register
from tests.identity.social.popup import (
    OPENER_STATE,
    confirm_with,
    posted_message,
    social_reader,
    start,
    state_of,
)

EMAIL = "ada@example.com"
NOT_THE_ONE = "That Google account is not the one linked to your Masthead account."


def _accounts(runtime: Runtime) -> int:
    with runtime.sessions() as db:
        return db.scalar(select(func.count()).select_from(User)) or 0


def test_the_linked_identity_confirms_without_signing_in_again(
    client: TestClient, runtime: Runtime
) -> None:
    tracking_id = social_reader(client, sub="g-ada", email=EMAIL)
    session = client.cookies.get(SESSION_COOKIE)

    page = start(client, purpose="confirm")
    development = client.get(page)
    assert development.status_code == 200
    # Its form must post with the site's Origin (no-referrer would make it "null", which the
    # origin check refuses for a signed-in reader).
    assert development.headers["referrer-policy"] == "same-origin"
    assert "<h1>Confirm it&#39;s you with Google</h1>" in development.text  # not "Sign in"
    answer = client.post(
        "/blaize/oauth/google/callback",
        data={"state": state_of(page), "sub": "g-ada", "email": EMAIL, "email_verified": "true"},
    )

    assert answer.status_code == 200
    assert SESSION_COOKIE not in answer.headers.get("set-cookie", "")  # no new session
    assert "You have confirmed it is you." in answer.text
    message = posted_message(answer.text)
    assert (message["action"], message["state"]) == ("confirm", OPENER_STATE)
    assert message["_target"] == TEST_ORIGIN  # the site's own origin, never "*"
    assert client.cookies.get(SESSION_COOKIE) == session
    assert client.get("/blaize/account").json()["tracking_id"] == tracking_id


def test_the_message_names_the_provider_and_the_openers_state(client: TestClient) -> None:
    social_reader(client, "apple", sub="a-ada", email=EMAIL)
    message = confirm_with(client, "apple", sub="a-ada")
    assert message == {
        "action": "confirm",
        "provider": "apple",
        "state": OPENER_STATE,
        "_target": TEST_ORIGIN,
    }


def test_an_identity_linked_to_another_account_is_refused(app: FastAPI, client: TestClient) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    session = client.cookies.get(SESSION_COOKIE)
    other = browser(app)
    social_reader(other, sub="g-grace", email="grace@example.com")

    message = confirm_with(client, sub="g-grace", email="grace@example.com")

    assert message["action"] == "error"
    assert message["message"].startswith(NOT_THE_ONE)
    assert message["state"] == OPENER_STATE
    assert client.cookies.get(SESSION_COOKIE) == session  # still Ada, not Grace
    assert client.get("/blaize/account").json()["identifiers"]["email_address"] == EMAIL


def test_an_unknown_identity_registers_nobody(client: TestClient, runtime: Runtime) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    accounts = _accounts(runtime)

    message = confirm_with(client, sub="g-stranger", email="stranger@example.com")

    assert message["action"] == "error"
    assert message["message"].startswith(NOT_THE_ONE)
    assert "stateKey" not in message
    assert _accounts(runtime) == accounts
    with runtime.sessions() as db:
        keys = db.scalars(select(SocialRegisterKey.email)).all()
    assert "stranger@example.com" not in keys


def test_the_failure_page_says_what_went_wrong(client: TestClient) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    page = start(client, purpose="confirm")
    answer = client.post(
        "/blaize/oauth/google/callback",
        data={"state": state_of(page), "sub": "g-other", "email_verified": "true"},
    )
    assert "Not confirmed" in answer.text
    assert NOT_THE_ONE in answer.text
    assert "problem logging into your account" not in answer.text  # nobody was logging in


def test_signed_out_is_refused(client: TestClient) -> None:
    answer = client.get(
        "/blaize/oauth/google",
        params={"state": OPENER_STATE, "purpose": "confirm"},
        follow_redirects=False,
    )
    assert answer.status_code == 401
    assert answer.json() == {"type": "unauthorized", "message": "Please log in to continue."}


def test_another_purpose_is_refused(client: TestClient) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    answer = client.get(
        "/blaize/oauth/google",
        params={"state": OPENER_STATE, "purpose": "delete"},
        follow_redirects=False,
    )
    assert answer.status_code == 400
    assert answer.json()["type"] == "bad-request"
    assert "purpose" in answer.json()["message"]


def test_a_provider_the_account_is_not_linked_with_is_refused(client: TestClient) -> None:
    register(client, EMAIL)  # a password account, linked with nothing
    answer = client.get(
        "/blaize/oauth/facebook",
        params={"state": OPENER_STATE, "purpose": "confirm"},
        follow_redirects=False,
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "type": "not-linked",
        "message": "Your Masthead account is not linked with Facebook.",
    }


def test_sign_in_stays_the_default_purpose(client: TestClient) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    client.post("/blaize/logout")
    page = start(client)  # no purpose: a sign-in, as before
    answer = client.post(
        "/blaize/oauth/google/callback",
        data={"state": state_of(page), "sub": "g-ada", "email": EMAIL, "email_verified": "true"},
    )
    assert posted_message(answer.text)["action"] == "login"
