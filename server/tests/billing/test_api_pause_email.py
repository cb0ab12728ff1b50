"""POST /wp-json/nyp-membership/v1/pause-subscription-email/: the reader's own confirmation."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.mail.service import MAIL_TOPIC
from tests.billing.api_helpers import SITE, sign_in

URL = f"{SITE}/pause-subscription-email/"


def body(**changes: Any) -> dict[str, Any]:
    return {
        "emailAddress": "ada@example.com",
        "pauseLength": 2,
        "pauseLengthEffectiveDate": "2026-12-22",
        "billingCycleEndDate": "2026-12-21",
        "cta": "/account/settings/membership",
        **changes,
    }


def mails(runtime: Runtime) -> list[dict[str, Any]]:
    with runtime.sessions() as db:
        return [
            j.payload
            for j in db.scalars(
                select(OutboxJob).where(OutboxJob.topic == MAIL_TOPIC).order_by(OutboxJob.id)
            )
        ]


def test_the_reader_gets_their_pause_confirmation(client: TestClient, runtime: Runtime) -> None:
    sign_in(client)
    before = len(mails(runtime))  # the welcome mail of registering, if any
    response = client.post(URL, json=body(emailAddress="Ada@Example.com"))
    assert (response.status_code, response.json()) == (200, {"error": None})
    [mail] = mails(runtime)[before:]
    assert (mail["to"], mail["subject"]) == ("ada@example.com", "Your membership is paused")
    assert "paused for 2 months" in mail["text"]
    assert "until December 21, 2026" in mail["text"]
    assert "http://testserver/account/settings/membership" in mail["text"]


def test_refusals_send_nothing(client: TestClient, runtime: Runtime) -> None:
    assert client.post(URL, json=body()).status_code == 401
    sign_in(client)
    before = len(mails(runtime))
    cases = [
        (body(emailAddress="eve@example.com"), 403),
        (body(pauseLength=7), 400),
        (body(billingCycleEndDate="next week"), 400),
        (body(cta="https://evil.example/steal"), 400),
    ]
    for payload, status in cases:
        response = client.post(URL, json=payload)
        assert response.status_code == status, payload
        assert response.json()["error"], payload
    assert len(mails(runtime)) == before
