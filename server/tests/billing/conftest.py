"""Payment gateway fixtures: the sandbox on the test database, and the official SDK talking to
the sandbox's wire protocol over real HTTP (uvicorn on a free port in a background thread).

Both gateways share the test's runtime, so they see one sandbox and one frozen clock.
"""

from __future__ import annotations

import socket
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from sqlalchemy import select

from masthead.billing.gateway import WEBHOOK_TOPIC, PaymentGateway
from masthead.billing.gateway.braintree_gateway import BraintreeGateway, configuration
from masthead.braintree_sandbox import wire
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.braintree_sandbox.seed import PlanSpec, seed_plans
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from tests.braintree_sandbox.helpers import sandbox_of

with warnings.catch_warnings():  # the SDK warns about its own deprecated names on import
    warnings.simplefilter("ignore", DeprecationWarning)
    import braintree

PLANS = (
    PlanSpec("monthly", Decimal("9.99"), 1, "Monthly"),
    PlanSpec("monthly-plus", Decimal("14.99"), 1, "Monthly plus"),
    PlanSpec("biannual", Decimal("49.99"), 6, "Six months"),
    PlanSpec("annual", Decimal("99.99"), 12, "Annual"),
    PlanSpec("monthly-trial", Decimal("9.99"), 1, "Monthly, 7 days free", 7, "day"),
    PlanSpec("two-cycles", Decimal("5.00"), 1, "Two months only", number_of_billing_cycles=2),
)


@dataclass
class WireServer:
    app: FastAPI
    base_url: str  # what braintree_environment would be set to


@pytest.fixture(scope="session")
def wire_server() -> Iterator[WireServer]:
    app = FastAPI()
    app.include_router(wire.router)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the wire server did not start")
        time.sleep(0.01)
    yield WireServer(app, f"http://127.0.0.1:{port}/braintree-sandbox")
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture
def sandbox(runtime: Runtime) -> SandboxGateway:
    seed_plans(runtime.sessions, PLANS)
    return sandbox_of(runtime)


@pytest.fixture
def braintree_gateway(
    runtime: Runtime, wire_server: WireServer, sandbox: SandboxGateway
) -> BraintreeGateway:
    """The production adapter, pointed by URL at the sandbox this test's runtime holds."""
    wire_server.app.state.runtime = runtime
    settings = runtime.settings
    return BraintreeGateway(
        configuration(
            wire_server.base_url,
            settings.braintree_merchant_id,
            settings.braintree_public_key,
            settings.braintree_private_key,
        )
    )


@pytest.fixture(params=["sandbox", "braintree"])
def gateway_name(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def gateway(
    gateway_name: str, sandbox: SandboxGateway, braintree_gateway: BraintreeGateway
) -> PaymentGateway:
    return sandbox if gateway_name == "sandbox" else braintree_gateway


@pytest.fixture
def mirror(
    gateway_name: str, sandbox: SandboxGateway, braintree_gateway: BraintreeGateway
) -> PaymentGateway:
    """The other gateway: what one does, the other must read back identically."""
    return braintree_gateway if gateway_name == "sandbox" else sandbox


class Webhooks:
    """The notifications the sandbox queued, read back with the official SDK."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        settings = runtime.settings
        # Parsing is offline: the SDK needs only the keys, not a server.
        self.sdk = braintree.BraintreeGateway(
            braintree.Configuration(
                environment=braintree.Environment.Sandbox,
                merchant_id=settings.braintree_merchant_id,
                public_key=settings.braintree_public_key,
                private_key=settings.braintree_private_key,
            )
        )

    def payloads(self) -> list[dict[str, str]]:
        with self.runtime.sessions() as db:
            jobs = db.scalars(
                select(OutboxJob).where(OutboxJob.topic == WEBHOOK_TOPIC).order_by(OutboxJob.id)
            ).all()
            return [dict(job.payload) for job in jobs]

    def parse(self, payload: dict[str, str]) -> Any:
        return self.sdk.webhook_notification.parse(payload["bt_signature"], payload["bt_payload"])

    def kinds(self, subscription_id: str) -> list[str]:
        notes = (self.parse(payload) for payload in self.payloads())
        return [note.kind for note in notes if note.subscription.id == subscription_id]


@pytest.fixture
def webhooks(runtime: Runtime) -> Webhooks:
    return Webhooks(runtime)
