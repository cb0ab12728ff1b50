"""How BraintreeGateway is configured and how it fails; its behaviour is the contract's."""

from __future__ import annotations

import socket
import time
from typing import TYPE_CHECKING

import pytest
from prometheus_client import REGISTRY

from masthead.billing.errors import from_gateway
from masthead.billing.gateway import UNAVAILABLE, GatewayError
from masthead.billing.gateway.braintree_gateway import BraintreeGateway, configuration
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.deps import Runtime
from masthead.wiring import build_process_runtime

if TYPE_CHECKING:
    from tests.billing.conftest import WireServer


@pytest.mark.parametrize(
    ("environment", "base_url"),
    [
        ("sandbox", "https://api.sandbox.braintreegateway.com:443"),
        ("production", "https://api.braintreegateway.com:443"),
        ("http://127.0.0.1:8000/braintree-sandbox", "http://127.0.0.1:8000/braintree-sandbox"),
        ("https://pay.example.com/braintree-sandbox/", "https://pay.example.com/braintree-sandbox"),
    ],
)
def test_environments(environment: str, base_url: str) -> None:
    config = configuration(environment, "merchant", "public", "private")
    assert config.base_url() == base_url
    assert config.base_merchant_path() == "/merchants/merchant"


@pytest.mark.parametrize("environment", ["staging", "ftp://example.com", "http://"])
def test_unknown_environments_are_refused(environment: str) -> None:
    with pytest.raises(ValueError, match="braintree_environment"):
        configuration(environment, "merchant", "public", "private")


def test_settings_choose_the_gateway(runtime: Runtime) -> None:
    assert isinstance(runtime.payment_gateway, SandboxGateway)
    settings = runtime.settings.model_copy(update={"payments": "braintree"})
    production = build_process_runtime(settings, runtime.clock)
    try:
        assert isinstance(production.payment_gateway, BraintreeGateway)
    finally:
        production.engine.dispose()


def test_wrong_keys_are_a_gateway_error(runtime: Runtime, wire_server: WireServer) -> None:
    wire_server.app.state.runtime = runtime
    settings = runtime.settings
    gateway = BraintreeGateway(
        configuration(wire_server.base_url, settings.braintree_merchant_id, "public", "wrong")
    )
    with pytest.raises(GatewayError, match=f"^{UNAVAILABLE}: AuthenticationError"):
        gateway.find_customer("reader-1")


UNAVAILABLE_SAMPLE = "masthead_gateway_errors_total"


def test_an_unreachable_server_is_a_gateway_error() -> None:
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    gateway = BraintreeGateway(configuration(f"http://127.0.0.1:{port}", "m", "pub", "priv"))
    counted = REGISTRY.get_sample_value(UNAVAILABLE_SAMPLE, {"kind": "unavailable"}) or 0.0
    with pytest.raises(GatewayError, match=f"^{UNAVAILABLE}: ConnectionError"):
        gateway.find_customer("reader-1")
    # /metrics counts it (masthead/metrics.py)
    assert REGISTRY.get_sample_value(UNAVAILABLE_SAMPLE, {"kind": "unavailable"}) == counted + 1


def test_a_gateway_slower_than_the_timeout_is_a_gateway_error_and_its_work_is_found_later(
    runtime: Runtime, wire_server: WireServer, sandbox: SandboxGateway
) -> None:
    """Braintree did the work but answers after the time-out (MASTHEAD_BRAINTREE_TIMEOUT_SECONDS):
    the call fails as unavailable (the reader is told; nothing is stored), and what the gateway
    made is there to be found by id, as the subscribe retry and reconciliation look for it."""
    wire_server.app.state.runtime = runtime
    runtime.settings.payment_sandbox_answer_delay_ms = 1500
    settings = runtime.settings
    gateway = BraintreeGateway(
        configuration(
            wire_server.base_url,
            settings.braintree_merchant_id,
            settings.braintree_public_key,
            settings.braintree_private_key,
            timeout=0.5,
        )
    )
    gateway.create_customer("slow-1", "slow@example.com", "Sam Slow")
    token = gateway.vault_payment_method("slow-1", "fake-valid-visa-nonce", make_default=True).token
    with pytest.raises(GatewayError, match=f"^{UNAVAILABLE}: "):
        gateway.create_subscription(token, "annual", subscription_id="slowsub1")
    time.sleep(1.2)  # the late answer is on its way; the subscription was made before it
    assert gateway.find_subscription("slowsub1").status == "Active"
    assert from_gateway(GatewayError(UNAVAILABLE, "ReadTimeout")).status == 503
