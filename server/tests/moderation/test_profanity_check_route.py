"""POST /wp-json/nyp-membership/v1/profanity-check: the spec's call, as a page makes it."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.moderation.profanity import MAX_TEXT_LENGTH
from masthead.nonces import REST_ACTION, make_nonce
from tests.conftest import TEST_ORIGIN
from tests.identity.helpers import register

CHECK = "/wp-json/nyp-membership/v1/profanity-check"


def test_clean_text_passes(client: TestClient) -> None:
    for text in ("Dick Van Dyke", "Scunthorpe", "an assessment", ""):
        response = client.post(CHECK, json={"string": text})
        assert response.status_code == 200, response.text
        assert response.json() == {"result": "pass"}


def test_profane_text_is_refused_with_a_sentence_naming_the_word(client: TestClient) -> None:
    response = client.post(CHECK, json={"string": "what a load of s.h.i.t"})
    assert response.status_code == 200
    assert response.json() == {
        "result": "profane",
        "message": "This text contains “shit”, which isn't allowed here. "
        "Please reword it and try again.",
    }


def test_a_signed_in_reader_checks_too(client: TestClient) -> None:
    register(client, "reader@example.com")
    assert client.post(CHECK, json={"string": "f*ck"}).json()["result"] == "profane"


def test_bad_input_is_a_400_that_says_what_is_wrong(client: TestClient) -> None:
    for body in ({}, {"string": 12}, {"string": None}, {"text": "hello"}, ["hello"]):
        response = client.post(CHECK, json=body)
        assert response.status_code == 400, (body, response.text)
        assert response.json()["type"] == "bad-request"
        assert "string" in response.json()["message"] or "object" in response.json()["message"]
    too_long = client.post(CHECK, json={"string": "a" * (MAX_TEXT_LENGTH + 1)})
    assert too_long.status_code == 400
    assert f"at most {MAX_TEXT_LENGTH} characters" in too_long.json()["message"]
    assert client.post(CHECK, json={"string": "é" * MAX_TEXT_LENGTH}).status_code == 200
    not_json = client.post(CHECK, content=b"hello", headers={"Content-Type": "text/plain"})
    assert not_json.status_code == 400


def test_a_nul_character_is_only_text(client: TestClient) -> None:
    assert client.post(CHECK, json={"string": "sh\x00it"}).status_code == 200


def test_without_the_pages_nonce_it_is_refused(client: TestClient) -> None:
    for nonce in ("", "0123456789abcdef0123"):
        response = client.post(CHECK, json={"string": "hello"}, headers={"X-WP-Nonce": nonce})
        assert response.status_code == 403
        assert response.json()["type"] == "bad-nonce"


def test_another_sites_page_cannot_ride_on_the_readers_cookie(client: TestClient) -> None:
    register(client, "reader@example.com")
    response = client.post(
        CHECK, json={"string": "hello"}, headers={"Origin": "https://evil.example"}
    )
    assert response.status_code == 403
    assert response.json()["type"] == "cross-origin-refused"


def _from(app: FastAPI, runtime: Runtime, address: str) -> TestClient:
    nonce = make_nonce(runtime.settings.secret_key, "", REST_ACTION, runtime.clock.now())
    return TestClient(
        app, base_url=TEST_ORIGIN, client=(address, 50000), headers={"X-WP-Nonce": nonce}
    )


def test_checks_are_limited_per_client_address(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.profanity_checks_per_address = 3
    here, elsewhere = _from(app, runtime, "203.0.113.7"), _from(app, runtime, "198.51.100.9")
    for _ in range(3):
        assert here.post(CHECK, json={"string": "hello"}).status_code == 200
    limited = here.post(CHECK, json={"string": "hello"})
    assert limited.status_code == 429
    assert limited.json()["type"] == "too-many-requests"
    assert limited.json()["message"] == "Too many attempts. Please wait 5 minutes and try again."
    assert 0 < int(limited.headers["Retry-After"]) <= runtime.settings.rate_limit_window_seconds
    assert elsewhere.post(CHECK, json={"string": "hello"}).status_code == 200


def test_refused_bodies_count_towards_the_limit(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.profanity_checks_per_address = 2
    here = _from(app, runtime, "203.0.113.8")
    for _ in range(2):
        assert here.post(CHECK, json={"string": 1}).status_code == 400
    assert here.post(CHECK, json={"string": "hello"}).status_code == 429
