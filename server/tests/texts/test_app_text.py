"""Text me a link to the app: one text per request, and strict limits (an SMS-pumping target)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.texts import wording
from masthead.texts.phone import INTERNATIONAL
from tests.billing.api_helpers import sign_in
from tests.texts.helpers import APP_TEXT, E164, consents, deliver, ok, texts


def test_a_reader_gets_one_text_with_the_app_link(client: TestClient, runtime: Runtime) -> None:
    sign_in(client)  # no membership needed: it is a non-subscriber onboarding step
    body = ok(client.post(APP_TEXT, json={"phone_number": "+1 212 555 0100"}))
    assert body == {"sent_to": "+1 •••-•••-••00"}
    deliver(runtime)
    assert texts(runtime, E164) == [wording.app_link_text(runtime.settings.app_link)]
    assert consents(runtime) == []  # one requested text, no consent to recurring ones


def test_one_number_gets_at_most_the_limit(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.app_texts_per_number = 2
    runtime.settings.app_texts_per_reader = 10
    sign_in(client)
    for _ in range(2):
        ok(client.post(APP_TEXT, json={"phone_number": E164}))
    refused = client.post(APP_TEXT, json={"phone_number": "+1 212-555-0100"})  # same number
    assert refused.status_code == 429 and refused.json()["type"] == "too-many-requests"
    ok(client.post(APP_TEXT, json={"phone_number": "+44 7911 123456"}))  # another number
    deliver(runtime)
    assert len(texts(runtime, E164)) == 2


def test_a_reader_may_ask_only_so_often(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.app_texts_per_reader = 1
    sign_in(client)
    ok(client.post(APP_TEXT, json={"phone_number": E164}))
    refused = client.post(APP_TEXT, json={"phone_number": "+44 7911 123456"})
    assert refused.status_code == 429


def test_one_address_may_ask_only_so_often(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.app_texts_per_address = 1
    sign_in(client, "one@example.com")
    ok(client.post(APP_TEXT, json={"phone_number": E164}))
    client.cookies.clear()
    sign_in(client, "two@example.com")  # another account from the same address
    assert client.post(APP_TEXT, json={"phone_number": "+44 7911 123456"}).status_code == 429


def test_refusals(client: TestClient, runtime: Runtime) -> None:
    assert client.post(APP_TEXT, json={"phone_number": E164}).status_code == 401
    sign_in(client)
    bad = client.post(APP_TEXT, json={"phone_number": "2125550100"})
    assert bad.status_code == 400
    assert bad.json() == {"type": "invalid-phone-number", "message": INTERNATIONAL}
    forged = client.post(APP_TEXT, json={"phone_number": E164}, headers={"X-WP-Nonce": "x"})
    assert forged.status_code == 403
    deliver(runtime)
    assert texts(runtime) == []
