"""Shared steps of the Readers console tests: a member made through the reader's own calls,
the console's calls, and what they leave behind (audit entries, mail)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.identity.models import User
from masthead.jobs.models import OutboxJob
from masthead.mail.service import MAIL_TOPIC
from tests.billing.api_helpers import nonce, sign_in, subscribe
from tests.braintree_sandbox.helpers import sandbox_of
from tests.staff.conftest import audit_rows

READERS = "/admin/api/readers"


def reader_id(runtime: Runtime, email: str) -> int:
    with runtime.sessions() as db:
        user_id = db.scalar(select(User.id).where(User.email == email))
        assert user_id is not None
        return int(user_id)


def member(
    client: TestClient,
    runtime: Runtime,
    email: str = "ada@example.com",
    plan: str = "sports-annual",
) -> tuple[int, str]:
    """A reader who registered and subscribed from their own screens: (their id, the
    subscription id). sports-annual has no trial: it is charged at once."""
    sign_in(client, email)
    answer = subscribe(client, plan, nonce(sandbox_of(runtime)))
    assert answer.status_code == 200, answer.text
    return reader_id(runtime, email), str(answer.json()["grant_id"])


def page(console: TestClient, reader: int) -> dict[str, Any]:
    answer = console.get(f"{READERS}/{reader}")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def found(console: TestClient, q: str, **params: Any) -> dict[str, Any]:
    answer = console.get(READERS, params={"q": q, **params})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def emails(console: TestClient, q: str, **params: Any) -> list[str]:
    return [item["email"] for item in found(console, q, **params)["items"]]


def queued_mail(runtime: Runtime, to: str) -> list[dict[str, Any]]:
    """The mail queued for the address (the outbox is not drained), oldest first."""
    with runtime.sessions() as db:
        jobs = db.scalars(
            select(OutboxJob).where(OutboxJob.topic == MAIL_TOPIC).order_by(OutboxJob.id)
        ).all()
        return [dict(job.payload) for job in jobs if job.payload["to"] == to]


def subjects(runtime: Runtime, to: str) -> list[str]:
    return [str(mail["subject"]) for mail in queued_mail(runtime, to)]


def audited(runtime: Runtime, action: str) -> list[tuple[str | None, str | None, Any, Any]]:
    """(who, on whom, before, after) of each audit entry of the action."""
    return [
        (row.actor_email, row.target_id, row.before, row.after)
        for row in audit_rows(runtime, f"support.{action}")
    ]
