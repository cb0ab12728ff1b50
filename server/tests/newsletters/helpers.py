"""Shared steps of the newsletters tests: the demo lists, the call, what the provider got."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import drain_once
from masthead.newsletters import repository
from masthead.newsletters.models import NewsletterList
from masthead.newsletters.provider import TOPIC, push_change
from masthead.newsletters.seed import seed_newsletters
from masthead.nonces import REST_ACTION, make_nonce

URL = "/wp-json/nyp-membership/v1/newsletters"
EMAIL = "ada@example.com"


def seed(runtime: Runtime) -> dict[str, int]:
    """The demo lists; answers their ids by provider id."""
    seed_newsletters(runtime)
    with runtime.sessions() as db:
        return {row.st_id: row.id for row in db.scalars(select(NewsletterList)).all()}


def nonce(client: TestClient, runtime: Runtime) -> str:
    token = client.cookies.get(SESSION_COOKIE) or ""
    return make_nonce(runtime.settings.secret_key, token, REST_ACTION, runtime.clock.now())


def call(client: TestClient, runtime: Runtime, action: str, email: str = EMAIL, **form: str) -> Any:
    """The call as the page sends it: form data with `_ajax_nonce` (the empty X-WP-Nonce keeps
    the test client from adding a header nonce, so the form's is the one checked)."""
    data = {"_ajax_nonce": nonce(client, runtime), "action": action, "email": email, **form}
    return client.post(URL, data=data, headers={"X-WP-Nonce": ""})


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def queued(runtime: Runtime) -> list[dict[str, Any]]:
    with runtime.sessions() as db:
        jobs = db.scalars(select(OutboxJob).where(OutboxJob.topic == TOPIC).order_by(OutboxJob.id))
        return [dict(job.payload) for job in jobs if job.status == "pending"]


def deliver(runtime: Runtime) -> None:
    """The worker's pass, with the provider's handler wired as the app's background work is."""
    runtime.background.handlers[TOPIC] = push_change
    drain_once(runtime)


def pushes(runtime: Runtime, email: str = EMAIL) -> list[dict[str, Any]]:
    with runtime.sessions() as db:
        return [dict(row.change) for row in repository.pushes_for(db, email)]
