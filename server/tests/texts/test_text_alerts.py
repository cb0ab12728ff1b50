"""Text alerts as a reader meets them: opting in with consent, the confirmation text, opting
out, and every refusal."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.texts import wording
from masthead.texts.phone import INTERNATIONAL, NOT_MOBILE
from tests.billing.api_helpers import sign_in
from tests.texts.helpers import (
    ALERTS,
    E164,
    consents,
    deliver,
    ok,
    opt_in,
    queued_texts,
    sign_in_member,
    texts,
)


def test_a_member_opts_in_and_gets_one_confirmation(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    before = ok(client.get(ALERTS))
    assert before["eligible"] is True and before["opted_in"] is False
    assert before["consent_text"] == wording.CONSENT

    body = ok(opt_in(client, "+1 (212) 555-0100", source="onboarding"))
    assert body["opted_in"] is True
    assert body["phone_number"] == E164  # E.164, whatever the reader typed
    assert body["phone_display"] == "+1 212-555-0100"
    assert body["consented_at"] is not None
    [consent] = consents(runtime)
    assert consent.wording == wording.CONSENT  # the words shown, stored word for word
    assert consent.phone_e164 == E164
    assert consent.given_at == runtime.clock.now()
    assert consent.source == "onboarding"
    assert consent.withdrawn_at is None

    assert texts(runtime) == []  # sent by the worker, after the commit
    deliver(runtime)
    [text] = texts(runtime, E164)
    assert text.endswith("Reply STOP to opt out.")


def test_the_same_number_again_sends_nothing_new(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    ok(opt_in(client))
    ok(opt_in(client, "+12125550100"))
    deliver(runtime)
    assert len(texts(runtime)) == 1
    assert len(consents(runtime)) == 1


def test_a_new_number_ends_the_old_consent(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    ok(opt_in(client))
    body = ok(opt_in(client, "+44 7911 123456"))
    assert body["phone_number"] == "+447911123456"
    old, new = consents(runtime)
    assert old.withdrawn_by == "new-number" and new.withdrawn_at is None
    deliver(runtime)
    assert len(texts(runtime, "+447911123456")) == 1


def test_opting_out_ends_the_consent_and_says_so(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    ok(opt_in(client))
    body = ok(client.delete(ALERTS))
    assert body["opted_in"] is False
    assert body["consented_at"] is None
    assert body["phone_number"] == E164  # kept to prefill the form again
    [consent] = consents(runtime)
    assert consent.withdrawn_at == runtime.clock.now() and consent.withdrawn_by == "reader"
    deliver(runtime)
    assert texts(runtime) == [wording.OPTED_IN_TEXT, wording.OPTED_OUT_TEXT]
    # Off already: nothing more is sent.
    ok(client.delete(ALERTS))
    deliver(runtime)
    assert len(texts(runtime)) == 2


def test_a_repeated_job_sends_one_text(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    ok(opt_in(client))
    [payload] = queued_texts(runtime)
    runtime.background.handlers["texts.send"](runtime, payload)
    runtime.background.handlers["texts.send"](runtime, payload)  # delivered twice
    deliver(runtime)
    assert len(texts(runtime)) == 1


def test_invalid_numbers_are_refused_with_what_to_enter(
    client: TestClient, runtime: Runtime
) -> None:
    sign_in_member(client, runtime)
    for number, message in [
        ("212 555 0100", INTERNATIONAL),
        ("+1 555", INTERNATIONAL),
        ("call me", INTERNATIONAL),
        ("+44 20 7946 0000", NOT_MOBILE),
    ]:
        response = opt_in(client, number)
        assert response.status_code == 400, number
        assert response.json() == {"type": "invalid-phone-number", "message": message}
    assert consents(runtime) == []
    assert queued_texts(runtime) == []


def test_consent_must_be_given(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    response = client.post(ALERTS, json={"phone_number": "+12125550100", "consent": False})
    assert response.status_code == 400
    assert consents(runtime) == []


def test_a_reader_without_a_membership_sees_why(client: TestClient, runtime: Runtime) -> None:
    sign_in(client)
    state = ok(client.get(ALERTS))
    assert state["eligible"] is False
    assert state["gate_message"] == wording.NOT_MEMBER
    response = opt_in(client)
    assert response.status_code == 403
    assert response.json() == {"type": "not-entitled", "message": wording.NOT_MEMBER}
    assert consents(runtime) == [] and queued_texts(runtime) == []
    assert ok(client.delete(ALERTS))["opted_in"] is False  # the way out is never gated


def test_the_profile_number_prefills_the_form(client: TestClient, runtime: Runtime) -> None:
    sign_in(client)
    response = client.post(
        "/blaize/profile",
        json={"phone-number": "+44 7911 123456", "updated-values": ["phone-number"]},
    )
    assert response.status_code == 200, response.text
    state = ok(client.get(ALERTS))
    assert state["phone_number"] == "+447911123456" and state["opted_in"] is False


def test_signed_out_is_401(client: TestClient) -> None:
    assert client.get(ALERTS).status_code == 401
    assert opt_in(client).status_code == 401
    assert client.delete(ALERTS).status_code == 401


def test_a_bad_nonce_is_403(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    for response in (
        client.get(ALERTS, headers={"X-WP-Nonce": "forged"}),
        client.post(
            ALERTS,
            json={"phone_number": E164, "consent": True},
            headers={"X-WP-Nonce": "forged"},
        ),
        client.delete(ALERTS, headers={"X-WP-Nonce": ""}),
    ):
        assert response.status_code == 403
        assert response.json()["type"] == "bad-nonce"
    assert consents(runtime) == []


def test_opt_ins_and_outs_are_rate_limited(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.text_alert_writes_per_reader = 2
    sign_in_member(client, runtime)
    ok(opt_in(client))
    ok(client.delete(ALERTS))
    response = opt_in(client)
    assert response.status_code == 429
    assert response.json()["type"] == "too-many-requests"
    assert "Retry-After" in response.headers


def test_a_disabled_sms_backend_takes_no_opt_in(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    runtime.settings.sms_backend = "disabled"
    state = ok(client.get(ALERTS))
    assert state["eligible"] is False and state["gate_message"] == wording.UNAVAILABLE
    response = opt_in(client)
    assert response.status_code == 503
    assert response.json()["type"] == "texts-unavailable"


def test_another_site_cannot_change_them_on_the_readers_cookie(
    client: TestClient, runtime: Runtime
) -> None:
    sign_in_member(client, runtime)
    evil = {"Origin": "https://evil.example"}
    refused = client.post(ALERTS, json={"phone_number": E164, "consent": True}, headers=evil)
    assert refused.status_code == 403
    assert client.delete(ALERTS, headers=evil).status_code == 403
    assert consents(runtime) == [] and queued_texts(runtime) == []


def test_one_number_gets_only_so_many_confirmations(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.app_texts_per_number = 2
    sign_in_member(client, runtime)
    for _ in range(2):
        ok(opt_in(client))
        ok(client.delete(ALERTS))
    refused = opt_in(client)
    assert refused.status_code == 429
    assert len(consents(runtime)) == 2
