"""The real providers through Authlib, against a local OpenID provider double at the wire
boundary: Google (OpenID Connect: discovery, JWKS, signed ID tokens, PKCE), Apple (its
form_post answer, the ES256 client secret, the name only on the first sign-in) and Facebook
(OAuth 2 and the Graph API)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from joserfc.jwk import RSAKey

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.settings import Settings
from tests.identity.helpers import register
from tests.identity.social.oidc_double import (
    APPLE_KEY_ID,
    APPLE_TEAM,
    CLIENT_ID,
    CLIENT_SECRET,
    OidcDouble,
    serve,
)
from tests.identity.social.popup import OPENER_STATE, posted_message, register_with, start

FAILURE = "Sorry, there was a problem logging into your account."


@pytest.fixture(scope="module")
def double() -> Iterator[OidcDouble]:
    provider = OidcDouble()
    server, thread = serve(provider)
    yield provider
    server.should_exit = True
    thread.join(timeout=5)


@pytest.fixture
def settings(base_settings: Settings, double: OidcDouble) -> Settings:
    return base_settings.model_copy(
        update={
            "social_development_provider": False,
            "google_client_id": CLIENT_ID,
            "google_client_secret": CLIENT_SECRET,
            "google_metadata_url": double.metadata_url("google"),
            "apple_client_id": CLIENT_ID,
            "apple_team_id": APPLE_TEAM,
            "apple_key_id": APPLE_KEY_ID,
            "apple_private_key": double.apple_team_key.as_pem(private=True).decode(),
            "apple_metadata_url": double.metadata_url("apple"),
            "facebook_client_id": CLIENT_ID,
            "facebook_client_secret": CLIENT_SECRET,
            "facebook_authorize_url": f"{double.issuer('facebook')}/authorize",
            "facebook_token_url": f"{double.issuer('facebook')}/token",
            "facebook_profile_url": f"{double.issuer('facebook')}/me",
        },
        deep=True,
    )


def google_claims(**more: Any) -> dict[str, Any]:
    return {
        "sub": "google-1",
        "email": "Grace@Example.com",
        "email_verified": True,
        "given_name": "Grace",
        "family_name": "Hopper",
        **more,
    }


def callback(client: TestClient, authorization_url: str, code: str) -> dict[str, Any]:
    state = dict(p.split("=", 1) for p in urlsplit(authorization_url).query.split("&"))["state"]
    answer = client.get("/blaize/oauth/google/callback", params={"code": code, "state": state})
    return posted_message(answer.text)


def test_google_new_then_returning_reader(client: TestClient, double: OidcDouble) -> None:
    url = start(client, "google")
    assert url.startswith(f"{double.issuer('google')}/authorize?")
    query = urlsplit(url).query
    assert "code_challenge_method=S256" in query and "nonce=" in query
    assert "redirect_uri=http%3A%2F%2Ftestserver%2Fblaize%2Foauth%2Fgoogle%2Fcallback" in query

    message = callback(client, url, double.consent(url, google_claims()))
    assert message["action"] == "register"
    assert message["identifier"] == "grace@example.com"
    assert message["state"] == OPENER_STATE
    assert register_with(client, message).status_code == 200
    profile = client.get("/blaize/profile").json()
    assert (profile["first-name"], profile["google-authenticated"]) == ("Grace", True)

    client.post("/blaize/logout")
    url = start(client, "google")
    message = callback(client, url, double.consent(url, google_claims()))
    assert message["action"] == "login"
    assert client.get("/blaize/account").json()["identifiers"]["email_address"] == (
        "grace@example.com"
    )


def test_an_id_token_for_another_nonce_is_refused(client: TestClient, double: OidcDouble) -> None:
    url = start(client, "google")
    message = callback(client, url, double.consent(url, google_claims(), nonce="replayed"))
    assert message["action"] == "error"
    assert message["message"] == "Google did not confirm who you are. Please try again."


@pytest.mark.parametrize(
    "claims",
    [
        {"aud": "another-client"},
        {"iss": "https://impostor.example"},
        {"exp": 1_000_000_000},
    ],
    ids=["audience", "issuer", "expired"],
)
def test_an_id_token_not_for_us_is_refused(
    client: TestClient, double: OidcDouble, claims: dict[str, Any]
) -> None:
    url = start(client, "google")
    message = callback(client, url, double.consent(url, google_claims(**claims)))
    assert message["action"] == "error"
    assert client.get("/blaize/account").status_code == 401


def test_a_code_is_refused_for_another_attempts_verifier(
    client: TestClient, double: OidcDouble
) -> None:
    first, second = start(client, "google"), start(client, "google")
    code = double.consent(first, google_claims())  # the code of the first attempt...
    message = callback(client, second, code)  # ...brought back with the second's state
    assert message["action"] == "error"
    assert double.token_requests[-1]["code_verifier"]  # PKCE: the double refused it


def test_a_verified_google_email_links_the_password_account(
    client: TestClient, double: OidcDouble
) -> None:
    register(client, "linked@example.com")
    client.post("/blaize/logout")
    url = start(client, "google")
    claims = google_claims(sub="google-7", email="linked@example.com")
    assert callback(client, url, double.consent(url, claims))["action"] == "login"
    assert client.get("/blaize/profile/_google").json()["first-name"] == "Grace"


def test_apple_answers_by_form_post_and_tells_the_name_once(
    client: TestClient, double: OidcDouble
) -> None:
    url = start(client, "apple")
    assert "response_mode=form_post" in urlsplit(url).query
    state = dict(p.split("=", 1) for p in urlsplit(url).query.split("&"))["state"]
    claims = {"sub": "apple-1", "email": "hidden@privaterelay.example", "email_verified": "true"}
    user = json.dumps({"name": {"firstName": "Tim", "lastName": "Apple"}})
    answer = client.post(
        "/blaize/oauth/apple/callback",
        data={"code": double.consent(url, claims), "state": state, "user": user},
    )
    message = posted_message(answer.text)
    assert message["action"] == "register", message
    register_with(client, message)
    assert client.get("/blaize/profile/_apple").json()["first-name"] == "Tim"
    assert double.token_requests[-1]["client_id"] == CLIENT_ID  # client_secret_post, a JWT

    client.post("/blaize/logout")
    url = start(client, "apple")
    state = dict(p.split("=", 1) for p in urlsplit(url).query.split("&"))["state"]
    answer = client.post(  # later sign-ins carry no user field
        "/blaize/oauth/apple/callback", data={"code": double.consent(url, claims), "state": state}
    )
    assert posted_message(answer.text)["action"] == "login"
    assert client.get("/blaize/profile/_apple").json()["first-name"] == "Tim"


def test_facebook_through_the_graph_api(client: TestClient, double: OidcDouble) -> None:
    url = start(client, "facebook")
    assert url.startswith(f"{double.issuer('facebook')}/authorize?")
    state = dict(p.split("=", 1) for p in urlsplit(url).query.split("&"))["state"]
    person = {"id": "fb-1", "email": "fb@example.com", "first_name": "Fay", "last_name": "Bee"}
    answer = client.get(
        "/blaize/oauth/facebook/callback",
        params={"code": double.consent(url, person), "state": state},
    )
    message = posted_message(answer.text)
    assert message["action"] == "register"
    register_with(client, message)
    assert client.get("/blaize/profile/_facebook").json() == {
        "first-name": "Fay",
        "last-name": "Bee",
        "full-name": "Fay Bee",
    }


def test_facebook_never_links_a_password_account(client: TestClient, double: OidcDouble) -> None:
    register(client, "fbowner@example.com")
    client.post("/blaize/logout")
    url = start(client, "facebook")
    state = dict(p.split("=", 1) for p in urlsplit(url).query.split("&"))["state"]
    person = {"id": "fb-2", "email": "fbowner@example.com"}
    answer = client.get(
        "/blaize/oauth/facebook/callback",
        params={"code": double.consent(url, person), "state": state},
    )
    assert posted_message(answer.text)["action"] == "error"
    assert FAILURE in answer.text


def test_a_provider_that_cannot_be_reached_gets_a_clear_page(
    settings: Settings, clock: FrozenClock
) -> None:
    unreachable = "http://127.0.0.1:9/.well-known/openid-configuration"
    app = create_app(settings.model_copy(update={"google_metadata_url": unreachable}), clock)
    with TestClient(app, base_url="http://testserver") as client:
        answer = client.get(
            "/blaize/oauth/google", params={"state": OPENER_STATE}, follow_redirects=False
        )
    assert answer.status_code == 503
    message = posted_message(answer.text)
    assert message["action"] == "error"
    assert message["message"] == "Google cannot be reached just now. Please try again later."


def test_over_https_the_attempt_cookie_survives_a_cross_site_post(
    settings: Settings, clock: FrozenClock
) -> None:
    app = create_app(settings.model_copy(update={"public_url": "https://testserver"}), clock)
    with TestClient(app, base_url="https://testserver") as client:
        answer = client.get(
            "/blaize/oauth/apple", params={"state": OPENER_STATE}, follow_redirects=False
        )
    assert answer.status_code == 302
    cookie = answer.headers["set-cookie"]
    assert "masthead_social=" in cookie
    assert "SameSite=none" in cookie and "Secure" in cookie and "HttpOnly" in cookie
    assert "Path=/blaize/oauth" in cookie


def test_a_rotated_signing_key_is_fetched_again(client: TestClient, double: OidcDouble) -> None:
    url = start(client, "google")  # the keys of the moment are known...
    assert callback(client, url, double.consent(url, google_claims()))["action"] == "register"
    double.signing_key = RSAKey.generate_key(2048, parameters={"kid": "double-2"})
    url = start(client, "google")  # ...then the provider signs with a new one
    assert callback(client, url, double.consent(url, google_claims()))["action"] == "register"


def test_an_id_token_signed_by_another_key_is_refused(
    client: TestClient, double: OidcDouble
) -> None:
    url = start(client, "google")
    callback(client, url, double.consent(url, google_claims()))  # the keys are known now
    genuine = double.signing_key
    double.signing_key = RSAKey.generate_key(2048, parameters={"kid": genuine.kid})
    try:
        url = start(client, "google")
        message = callback(client, url, double.consent(url, google_claims()))
    finally:
        double.signing_key = genuine
    assert message["action"] == "error"
