"""The dashboard's fixtures: members of staff by role, signed in through the console."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.staff.conftest import staff_member

DASHBOARD = "/admin/api/dashboard"
CHARTS = (
    "members-by-status",
    "new-members",
    "trials",
    "cancellations",
    "revenue",
    "referral-conversions",
)
NON_MONEY = tuple(c for c in CHARTS if c != "revenue")


@pytest.fixture
def console_as(
    client: TestClient, app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> Callable[[str], TestClient]:
    """A signed-in console client for a member holding one role (`client` first: its
    lifespan runs the app the member's own client then uses)."""

    def sign_in(role: str) -> TestClient:
        member = staff_member(app, runtime, clock, f"{role}@example.com", [role])  # type: ignore[list-item]
        return member.client

    return sign_in
