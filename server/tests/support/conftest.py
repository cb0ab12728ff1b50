"""Readers console fixtures: the staff console's (signed-in members, the Origin-carrying
client) and the payment gateways' (the official SDK over HTTP to the sandbox's wire)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import setup
from tests.billing.conftest import braintree_gateway, sandbox, wire_server
from tests.staff.conftest import Member, console, staff_member

__all__ = ["braintree_gateway", "console", "sandbox", "wire_server"]


@pytest.fixture
def support(app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock) -> Member:
    """A support member, signed in (their sign-in's code counts as a step-up for 5 minutes);
    the plan catalogue is published to the sandbox. `client` (which runs the app's lifespan)
    stays the reader's browser."""
    setup(runtime)
    return staff_member(app, runtime, clock, "help@example.com", ["support"])
