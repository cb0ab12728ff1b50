"""The marketing slice's fixtures: a member of staff with the marketing role (signed in
through the console), the catalogue and the default rules as `make run` seeds them."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.billing.catalog.discounts import seed_discounts
from masthead.billing.catalog.service import seed_catalogue
from masthead.clock import FrozenClock
from masthead.decisions.defaults import seed_rules
from masthead.deps import Runtime
from tests.staff.conftest import Member, staff_member

MARKETER = "marketer@example.com"


@pytest.fixture
def marketer(client: TestClient, app: FastAPI, runtime: Runtime, clock: FrozenClock) -> Member:
    """`client` first: its lifespan runs the app the member's own client then uses."""
    return staff_member(app, runtime, clock, MARKETER, ["marketing"])


@pytest.fixture
def catalogue(runtime: Runtime) -> Runtime:
    seed_catalogue(runtime)
    seed_discounts(runtime)
    with runtime.sessions.begin() as db:
        seed_rules(db, runtime.clock.now())
    return runtime
