"""Staff console fixtures: a client that carries the site's Origin (as the console's pages
do), accounts with roles, and the sign-in steps with codes made by pyotp from the secret."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pyotp
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.api import create_account
from masthead.staff import service
from masthead.staff.models import AuditEntry
from masthead.staff.roles import Role

TEST_ORIGIN = "http://testserver"  # as tests/conftest.py
PASSWORD = "Correct-Horse-1"


@dataclass
class Member:
    """A staff member signed in through the console (`client` holds their cookies)."""

    email: str
    secret: str
    client: TestClient
    clock: FrozenClock
    recovery_codes: list[str] = field(default_factory=list)

    def code(self, steps_later: int = 1) -> str:
        """A fresh code: the clock moves on (by whole 30-second steps), since each step's code
        is accepted once."""
        self.clock.advance(timedelta(seconds=30 * steps_later))
        return pyotp.TOTP(self.secret).at(self.clock.now())


def console_client(app: FastAPI) -> TestClient:
    """Another browser (the app's lifespan runs once, in the `client` fixture)."""
    return TestClient(app, base_url=TEST_ORIGIN, headers={"Origin": TEST_ORIGIN})


@pytest.fixture
def console(client: TestClient) -> TestClient:
    client.headers["Origin"] = TEST_ORIGIN
    return client


def make_account(
    runtime: Runtime, email: str, roles: Sequence[Role] = (), password: str = PASSWORD
) -> int:
    with runtime.sessions.begin() as db:
        user = create_account(db, runtime, email, password, "Test Person")
        if roles:
            service.change_roles(db, runtime.clock.now(), user, list(roles), None, "test")
        return user.id


def password_step(client: TestClient, email: str, password: str = PASSWORD) -> Any:
    return client.post("/admin/api/session", json={"email": email, "password": password})


def enrol(app: FastAPI, clock: FrozenClock, email: str, client: TestClient | None = None) -> Member:
    """The first sign-in of an account with a role: password, secret, first code."""
    client = client or console_client(app)
    assert password_step(client, email).json() == {"next": "enrol"}
    secret = client.get("/admin/api/session/enrolment").json()["secret"]
    member = Member(email, secret, client, clock)
    answer = client.post("/admin/api/session/enrolment", json={"code": member.code(0)})
    assert answer.status_code == 200, answer.text
    member.recovery_codes = answer.json()["recovery_codes"]
    return member


def staff_member(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, email: str, roles: Sequence[Role]
) -> Member:
    make_account(runtime, email, roles)
    return enrol(app, clock, email)


def audit_rows(runtime: Runtime, action: str | None = None) -> list[AuditEntry]:
    with runtime.sessions() as db:
        query = select(AuditEntry).order_by(AuditEntry.id)
        if action is not None:
            query = query.where(AuditEntry.action == action)
        rows = list(db.scalars(query))
        db.expunge_all()
        return rows
