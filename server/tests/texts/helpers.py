"""Shared steps of the texts tests: a member, the calls, what reached the dev text outbox."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import drain_once
from masthead.sms_outbox.models import DevText
from masthead.texts.api import TOPIC
from masthead.texts.models import TextConsent
from tests.billing.api_helpers import nonce as card_nonce
from tests.billing.api_helpers import setup, sign_in, subscribe

ALERTS = "/wp-json/nyp-membership/v1/text-alerts"
APP_TEXT = "/wp-json/nyp-membership/v1/app-text"
NUMBER = "+1 212 555 0100"
E164 = "+12125550100"


def sign_in_member(client: TestClient, runtime: Runtime, email: str = "ada@example.com") -> None:
    sandbox = setup(runtime)
    sign_in(client, email)
    assert subscribe(client, "sports-monthly", card_nonce(sandbox)).status_code == 200


def opt_in(client: TestClient, phone: str = NUMBER, **extra: Any) -> Any:
    return client.post(ALERTS, json={"phone_number": phone, "consent": True, **extra})


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def deliver(runtime: Runtime) -> None:
    """The worker's pass (the suite runs no worker)."""
    drain_once(runtime)


def texts(runtime: Runtime, to: str | None = None) -> list[str]:
    """Bodies the dev outbox holds, oldest first."""
    with runtime.sessions() as db:
        query = select(DevText).order_by(DevText.id)
        if to is not None:
            query = query.where(DevText.to_number == to)
        return [row.body for row in db.scalars(query)]


def queued_texts(runtime: Runtime) -> list[dict[str, Any]]:
    with runtime.sessions() as db:
        jobs = db.scalars(select(OutboxJob).where(OutboxJob.topic == TOPIC).order_by(OutboxJob.id))
        return [dict(job.payload) for job in jobs]


def consents(runtime: Runtime) -> list[TextConsent]:
    with runtime.sessions() as db:
        rows = list(db.scalars(select(TextConsent).order_by(TextConsent.id)))
        db.expunge_all()
        return rows
