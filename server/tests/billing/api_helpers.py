"""Shared steps for the billing API tests: the catalogue, a signed-in reader, card nonces."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.billing.catalog.service import seed_catalogue
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.mail.service import MAIL_TOPIC
from tests.braintree_sandbox.helpers import sandbox_of
from tests.identity.helpers import login, register

PAY = "/blaize/payment/braintree"
METHODS = "/zephr/payment/braintree/payment-methods"
SITE = "/wp-json/nyp-membership/v1"
GOOD_CARD = "4111111111111111"
DECLINED_CARD = "4000111111111115"


def setup(runtime: Runtime) -> SandboxGateway:
    seed_catalogue(runtime)
    return sandbox_of(runtime)


def sign_in(client: TestClient, email: str = "ada@example.com") -> str:
    """Registers (and so signs in) a reader; returns their tracking id."""
    response = register(client, email, **{"full-name": "Ada Lovelace"})
    assert response.status_code == 200, response.text
    tracking_id: str = response.json()["tracking_id"]
    return tracking_id


def sign_in_verified(client: TestClient, runtime: Runtime, email: str = "ada@example.com") -> None:
    """Registers a reader who verifies their address by the mailed link (as with
    MASTHEAD_REQUIRE_EMAIL_VERIFICATION), then signs them in."""
    required = runtime.settings.require_email_verification
    runtime.settings.require_email_verification = True
    try:
        response = register(client, email, **{"full-name": "Ada Lovelace"})
        assert response.status_code == 200, response.text
    finally:
        runtime.settings.require_email_verification = required
    follow_verification_link(client, runtime, email)
    assert login(client, email).status_code == 200


VERIFY_LINK = "/blaize/users/verify-email/"


def verification_mails(runtime: Runtime, email: str) -> list[str]:
    """The texts of the verification mails queued for the address (not yet delivered: the
    outbox is not drained, so other jobs stay where the test left them)."""
    with runtime.sessions() as db:
        jobs = db.scalars(
            select(OutboxJob).where(OutboxJob.topic == MAIL_TOPIC).order_by(OutboxJob.id)
        ).all()
        texts = [str(job.payload["text"]) for job in jobs if job.payload["to"] == email]
    return [text for text in texts if VERIFY_LINK in text]


def follow_verification_link(client: TestClient, runtime: Runtime, email: str) -> None:
    """Opens the newest verification link mailed to the address."""
    text = verification_mails(runtime, email)[-1]
    path = VERIFY_LINK + text.split(VERIFY_LINK, 1)[1].split()[0]
    response = client.get(path, follow_redirects=False)
    assert response.status_code == 303, response.text


def nonce(sandbox: SandboxGateway, number: str = GOOD_CARD) -> str:
    return sandbox.tokenize_card(number, "12/30", "123", "10001", "Ada")


def subscribe(client: TestClient, plan_id: str, card_nonce: str | None, **extra: Any) -> Any:
    body: dict[str, Any] = {"plan_id": plan_id, "product_id": "sports-membership", **extra}
    if card_nonce is not None:
        body["payment_nonce"] = card_nonce
    return client.post(f"{PAY}/subscribe", json=body)


def membership(client: TestClient) -> dict[str, Any]:
    response = client.get(f"{SITE}/membership")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def on(clock: FrozenClock, day: date) -> None:
    clock.at = datetime(day.year, day.month, day.day, 9, 0, tzinfo=UTC)


def count(runtime: Runtime, model: type[Any]) -> int:
    with runtime.sessions() as db:
        return int(db.scalar(select(func.count()).select_from(model)) or 0)


def profile(runtime: Runtime, email: str = "ada@example.com") -> dict[str, Any]:
    from masthead.identity.models import User

    with runtime.sessions() as db:
        user = db.scalars(select(User).where(User.email == email)).one()
        return dict(user.profile.attributes)
