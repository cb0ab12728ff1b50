"""A subscribe whose request dies, or whose gateway answer is lost, is retried by the reader:
the retry finds the subscription the first attempt made (its id was chosen and committed
before the gateway call) instead of creating and charging a second one."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.billing.api import reconcile_subscribes
from masthead.billing.memberships.models import BillingCustomer
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.braintree_sandbox.models import SandboxPaymentMethod
from masthead.deps import Runtime
from tests.billing.api_helpers import membership, nonce, setup, sign_in, subscribe
from tests.billing.faults import (
    Crash,
    Fault,
    FaultyGateway,
    Lost,
    held_by_another_request,
    install,
    unavailable,
)
from tests.billing.test_api_changes import charges, live_at_gateway
from tests.braintree_sandbox.helpers import sandbox_of


def intent(runtime: Runtime) -> str | None:
    with runtime.sessions() as db:
        customer = db.query(BillingCustomer).one()
        return customer.subscribe_intent_id


def sign_in_with_fault(
    client: TestClient, runtime: Runtime, fault: Fault
) -> tuple[SandboxGateway, FaultyGateway]:
    """Signs a reader in; their next subscribe meets `fault` in the gateway's create_subscription.
    The sandbox makes nonces, the faulty gateway counts calls."""
    sandbox = setup(runtime)
    sign_in(client)
    gateway = install(runtime, sandbox_of(runtime))
    gateway.fail("create_subscription", fault)
    return sandbox, gateway


def test_a_crash_after_the_gateway_made_the_subscription_is_not_charged_twice(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox, gateway = sign_in_with_fault(client, runtime, Lost(Crash()))
    with pytest.raises(Crash):
        subscribe(client, "sports-annual", nonce(sandbox))
    made = intent(runtime)
    assert made is not None
    assert live_at_gateway(runtime) == ["sports-annual"]
    assert membership(client)["status"] == "None"  # the request's writes died with it

    retry = subscribe(client, "sports-annual", nonce(sandbox))
    assert retry.status_code == 200, retry.text
    assert retry.json() == {"grant_id": made}
    assert live_at_gateway(runtime) == ["sports-annual"]
    assert charges(runtime) == ["39.99"]
    state = membership(client)
    assert (state["status"], state["activeSubscription"]["id"]) == ("Active", made)
    assert intent(runtime) is None
    assert gateway.calls.count("create_subscription") == 1


def test_a_lost_answer_is_found_by_the_retry(client: TestClient, runtime: Runtime) -> None:
    sandbox, _ = sign_in_with_fault(client, runtime, Lost(unavailable()))
    first = subscribe(client, "sports-annual", nonce(sandbox))
    assert first.status_code == 503, first.text
    retry = subscribe(client, "sports-annual", None)  # the card vaulted the first time pays
    assert retry.status_code == 200, retry.text
    assert live_at_gateway(runtime) == ["sports-annual"]
    assert charges(runtime) == ["39.99"]
    assert membership(client)["status"] == "Active"


def test_a_retry_for_another_plan_is_told_the_membership_exists(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox, _ = sign_in_with_fault(client, runtime, Lost(Crash()))
    with pytest.raises(Crash):
        subscribe(client, "sports-annual", nonce(sandbox))
    other = subscribe(client, "sports-six-month", nonce(sandbox))
    assert other.status_code == 409
    assert other.json()["type"] == "already-subscribed"
    assert live_at_gateway(runtime) == ["sports-annual"]
    assert membership(client)["activeSubscription"]["plan_id"] == "sports-annual"


def test_a_crash_before_the_gateway_call_leaves_nothing_and_the_retry_subscribes_once(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox, _ = sign_in_with_fault(client, runtime, Crash())
    with pytest.raises(Crash):
        subscribe(client, "sports-annual", nonce(sandbox))
    assert live_at_gateway(runtime) == []
    retry = subscribe(client, "sports-annual", nonce(sandbox))
    assert retry.status_code == 200, retry.text
    assert live_at_gateway(runtime) == ["sports-annual"]
    assert charges(runtime) == ["39.99"]


def test_a_dead_subscribe_nobody_retries_is_reconciled_by_the_worker(
    client: TestClient, runtime: Runtime
) -> None:
    """The gateway made the subscription, the request died, the reader closed the tab: the
    worker's periodic reconciliation stores it (the reader sees their membership, gets the
    receipt) without a second charge."""
    sandbox, gateway = sign_in_with_fault(client, runtime, Lost(Crash()))
    with pytest.raises(Crash):
        subscribe(client, "sports-annual", nonce(sandbox))
    made = intent(runtime)
    assert membership(client)["status"] == "None"
    reconcile_subscribes(runtime)
    state = membership(client)
    assert (state["status"], state["activeSubscription"]["id"]) == ("Active", made)
    assert intent(runtime) is None
    assert charges(runtime) == ["39.99"]
    assert gateway.calls.count("create_subscription") == 1
    reconcile_subscribes(runtime)  # nothing left to do
    assert charges(runtime) == ["39.99"]


def test_reconciliation_forgets_an_intent_the_gateway_never_saw_and_skips_a_live_one(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox, _ = sign_in_with_fault(client, runtime, Crash())  # dies before the gateway call
    with pytest.raises(Crash):
        subscribe(client, "sports-annual", nonce(sandbox))
    assert intent(runtime) is not None
    with held_by_another_request(runtime):  # a request working on it now: left alone
        reconcile_subscribes(runtime)
        assert intent(runtime) is not None
    reconcile_subscribes(runtime)
    assert intent(runtime) is None
    assert live_at_gateway(runtime) == []


def test_a_retry_that_types_the_card_again_vaults_it_once(
    client: TestClient, runtime: Runtime
) -> None:
    """Measured from outside: a retry after a killed subscribe vaulted the reader's card a
    second time. The same card (Braintree's number fingerprint, same expiry) is kept once.
    Here the request dies after vaulting the card, before the subscription is made."""
    sandbox, _ = sign_in_with_fault(client, runtime, Crash())
    with pytest.raises(Crash):
        subscribe(client, "sports-annual", nonce(sandbox))
    retry = subscribe(client, "sports-annual", nonce(sandbox))  # the form sends a new nonce
    assert retry.status_code == 200, retry.text
    with runtime.sessions() as db:
        assert db.query(SandboxPaymentMethod).count() == 1
    assert charges(runtime) == ["39.99"]
