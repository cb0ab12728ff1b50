"""POST /wp-json/nyp-membership/v1/recaptcha and GET .../recaptcha-disable, with the challenge
on: the server asks the provider's siteverify over HTTP and keeps a proof in a cookie only
when the token passed for nyp_membership on this site."""

from __future__ import annotations

import socket
from typing import Any

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.human_verification.proof import PROOF_COOKIE
from masthead.verification_double.tokens import FAIL_SECRET, SPENT_SECRET
from tests.human_verification.conftest import PASSING_SITE_KEY
from tests.human_verification.provider_double import ProviderDouble, mint

SITE = "/wp-json/nyp-membership/v1"
FAILED = "We couldn't confirm you're not a robot. Please try again."
UNAVAILABLE = "We couldn't reach the verification service just now. Please try again in a moment."


def check(client: TestClient, token: str) -> Any:
    return client.post(f"{SITE}/recaptcha", json={"token": token})


def refused(response: Any, status: int, type_: str, message: str) -> None:
    assert response.status_code == status, response.text
    assert response.json() == {"type": type_, "message": message}
    assert PROOF_COOKIE not in response.cookies


def test_the_browser_is_told_what_the_challenge_needs(client: TestClient) -> None:
    answer = client.get(f"{SITE}/recaptcha-disable")
    assert answer.status_code == 200
    assert answer.json() == {
        "disabled": False,
        "provider": "turnstile",
        "site_key": PASSING_SITE_KEY,
        "script_url": "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
        "action": "nyp_membership",
    }


def test_recaptcha_gets_its_script_with_the_site_key(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.human_verification_provider = "recaptcha"
    answer = client.get(f"{SITE}/recaptcha-disable").json()
    assert answer["provider"] == "recaptcha"
    assert (
        answer["script_url"] == f"https://www.google.com/recaptcha/api.js?render={PASSING_SITE_KEY}"
    )


def test_a_passing_token_gives_a_short_lived_httponly_proof(
    client: TestClient, provider: ProviderDouble
) -> None:
    token = mint()
    answer = check(client, token)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"success": True, "disabled": False, "expires_in": 15 * 60}
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{PROOF_COOKIE}=")
    assert "HttpOnly" in cookie and "Max-Age=900" in cookie and "SameSite=lax" in cookie
    # What reached the provider: its form POST, with the secret, the token and the address.
    assert provider.forms == [
        {
            "secret": "1x0000000000000000000000000000000AA",
            "response": token,
            "remoteip": "testclient",
            "content-type": "application/x-www-form-urlencoded",
        }
    ]


def test_a_refused_token_is_a_clear_403(client: TestClient, provider: ProviderDouble) -> None:
    refused(check(client, mint("fail")), 403, "verification-failed", FAILED)


def test_turnstiles_failing_test_secret_fails(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.human_verification_secret = FAIL_SECRET
    refused(check(client, mint()), 403, "verification-failed", FAILED)


def test_a_spent_token_fails(
    client: TestClient, runtime: Runtime, provider: ProviderDouble
) -> None:
    token = mint()
    assert check(client, token).status_code == 200
    refused(check(client, token), 403, "verification-failed", FAILED)  # each token once
    runtime.settings.human_verification_secret = SPENT_SECRET  # Turnstile's "already spent"
    refused(check(client, mint()), 403, "verification-failed", FAILED)


def test_a_token_for_another_action_or_site_fails(
    client: TestClient, provider: ProviderDouble
) -> None:
    refused(check(client, mint(action="login")), 403, "verification-failed", FAILED)
    refused(check(client, mint(hostname="evil.example")), 403, "verification-failed", FAILED)
    # Turnstile's dummy token passes its test secret, but as a challenge run on example.com.
    refused(check(client, "XXXX.DUMMY.TOKEN.XXXX"), 403, "verification-failed", FAILED)


def recaptcha_answer(score: Any, action: str = "nyp_membership") -> dict[str, Any]:
    return {
        "success": True,
        "score": score,
        "action": action,
        "challenge_ts": "2026-11-22T12:00:00Z",
        "hostname": "testserver",
    }


def test_recaptcha_scores_below_the_threshold_fail(
    client: TestClient, runtime: Runtime, provider: ProviderDouble
) -> None:
    runtime.settings.human_verification_provider = "recaptcha"
    runtime.settings.human_verification_score_threshold = 0.7
    provider.answer = recaptcha_answer(0.69)
    refused(check(client, "token-1"), 403, "verification-failed", FAILED)
    provider.answer = recaptcha_answer(None)  # no score at all
    refused(check(client, "token-2"), 403, "verification-failed", FAILED)
    provider.answer = recaptcha_answer(0.7)
    assert check(client, "token-3").status_code == 200
    provider.answer = recaptcha_answer(0.9, action="homepage")
    refused(check(client, "token-4"), 403, "verification-failed", FAILED)


def test_the_double_scores_its_grecaptcha_tokens(
    client: TestClient, runtime: Runtime, provider: ProviderDouble
) -> None:
    runtime.settings.human_verification_provider = "recaptcha"
    refused(check(client, mint("low-score", api="grecaptcha")), 403, "verification-failed", FAILED)
    assert check(client, mint(api="grecaptcha")).status_code == 200


def closed_port_url() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/siteverify"  # nothing listens there any more


def test_an_unreachable_provider_is_a_503_not_a_500(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.human_verification_siteverify_url = closed_port_url()
    refused(check(client, mint()), 503, "verification-unavailable", UNAVAILABLE)


def test_a_broken_answer_is_a_503(client: TestClient, provider: ProviderDouble) -> None:
    provider.status = 500
    refused(check(client, mint()), 503, "verification-unavailable", UNAVAILABLE)
    provider.status, provider.raw = 200, b"<html>maintenance</html>"
    refused(check(client, mint()), 503, "verification-unavailable", UNAVAILABLE)
    provider.raw = b"[true]"
    refused(check(client, mint()), 503, "verification-unavailable", UNAVAILABLE)


def test_bad_requests_are_refused_before_the_provider_is_asked(
    client: TestClient, provider: ProviderDouble
) -> None:
    for body in ({}, {"token": ""}, {"token": 12}, {"token": "x" * 4097}):
        answer = client.post(f"{SITE}/recaptcha", json=body)
        assert answer.status_code == 400, body
        assert answer.json()["type"] == "bad-request"
    no_nonce = client.post(f"{SITE}/recaptcha", json={"token": mint()}, headers={"X-WP-Nonce": ""})
    assert no_nonce.status_code == 403
    assert no_nonce.json()["type"] == "bad-nonce"
    assert provider.forms == []


def test_checks_are_limited_per_address(
    client: TestClient, runtime: Runtime, provider: ProviderDouble
) -> None:
    runtime.settings.human_verification_attempts_per_address = 2
    assert check(client, mint()).status_code == 200
    assert check(client, mint("fail")).status_code == 403
    limited = check(client, mint())
    assert limited.status_code == 429
    assert limited.json()["type"] == "too-many-requests"
    assert "Retry-After" in limited.headers
    assert len(provider.forms) == 2  # the refused attempt never reached the provider
