"""Shared steps for identity tests: register, log in, read mail from the dev mailbox."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.jobs.runner import drain_once
from masthead.mail.models import DeliveredMail

PASSWORD = "Correct-Horse-1"


def register(client: TestClient, email: str, password: str = PASSWORD, **attributes: str) -> Any:
    return client.post(
        "/blaize/register",
        json={
            "identifiers": {"email_address": email},
            "validators": {"password": password},
            "attributes": attributes or {"full-name": "Ada Lovelace"},
        },
    )


def login(client: TestClient, email: str, password: str = PASSWORD) -> Any:
    return client.post(
        "/blaize/login",
        json={"identifiers": {"email_address": email}, "validators": {"password": password}},
    )


RESET_SUBJECT = "Reset your password"


def mails_to(runtime: Runtime, address: str, subject: str | None = None) -> list[DeliveredMail]:
    """The mail delivered to the address, oldest first; only those with the subject if one is
    given (registering also sends a welcome mail, identity/welcome.py)."""
    drain_once(runtime)
    with runtime.sessions() as db:
        mails = db.scalars(
            select(DeliveredMail)
            .where(DeliveredMail.to_address == address)
            .order_by(DeliveredMail.id)
        )
        return [m for m in mails if subject is None or m.subject == subject]


def link_token(mail: DeliveredMail) -> str:
    match = re.search(r"token=([A-Za-z0-9_\-]+)", mail.text)
    assert match, mail.text
    return match.group(1)
