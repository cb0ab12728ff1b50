"""Refunds and voids in the PaymentGateway contract, against SandboxGateway and against
BraintreeGateway (the official SDK over HTTP to the sandbox's wire protocol): what one does,
the other reads back identically, and both refuse as Braintree does."""

from __future__ import annotations

import warnings
from contextlib import AbstractContextManager
from decimal import Decimal

import pytest

from masthead.billing.gateway import (
    ALREADY_REFUNDED,
    CANNOT_VOID,
    NOT_FOUND,
    NOT_SETTLED,
    GatewayError,
    PaymentGateway,
)
from masthead.billing.gateway.braintree_gateway import configuration
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.deps import Runtime
from tests.billing.conftest import WireServer

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import braintree


def refused(code: str) -> AbstractContextManager[pytest.ExceptionInfo[GatewayError]]:
    return pytest.raises(GatewayError, match=f"^{code}: ")


def charged(gateway: PaymentGateway) -> tuple[str, str]:
    """A monthly subscription charged at once: (subscription id, its sale's id)."""
    gateway.create_customer("reader-1", "ann@example.com", "Ann Reader")
    token = gateway.vault_payment_method("reader-1", "fake-valid-visa-nonce").token
    sub = gateway.create_subscription(token, "monthly")
    [sale] = sub.transactions
    assert (sale.type, sale.status, sale.refund_ids) == ("sale", "submitted_for_settlement", ())
    return sub.id, sale.id


def test_a_sale_not_settled_is_voided_not_refunded(
    gateway: PaymentGateway, mirror: PaymentGateway
) -> None:
    sub_id, sale_id = charged(gateway)
    with refused(NOT_SETTLED) as caught:
        gateway.refund_transaction(sale_id)
    assert caught.value.message == "Cannot refund transaction unless it is settled."

    voided = gateway.void_transaction(sale_id)
    assert (voided.id, voided.status, voided.amount) == (sale_id, "voided", Decimal("9.99"))
    assert mirror.find_transaction(sale_id) == voided
    assert [t.status for t in mirror.find_subscription(sub_id).transactions] == ["voided"]

    with refused(CANNOT_VOID):
        gateway.void_transaction(sale_id)
    with refused(NOT_SETTLED):  # a voided sale is not settled: nothing to refund either
        gateway.refund_transaction(sale_id)


def test_a_settled_sale_is_refunded_by_a_credit_once(
    gateway: PaymentGateway, mirror: PaymentGateway, sandbox: SandboxGateway
) -> None:
    sub_id, sale_id = charged(gateway)
    sandbox.settle_transaction(sale_id)  # Braintree's nightly settlement
    with refused(CANNOT_VOID):  # settled: too late to void
        gateway.void_transaction(sale_id)

    credit = gateway.refund_transaction(sale_id)
    assert (credit.type, credit.amount, credit.refunded_transaction_id) == (
        "credit",
        Decimal("9.99"),
        sale_id,
    )
    assert (credit.status, credit.processor_response_code) == ("submitted_for_settlement", "1002")
    assert credit.subscription_id is None
    assert mirror.find_transaction(credit.id) == credit

    sale = mirror.find_transaction(sale_id)
    assert (sale.status, sale.refund_ids) == ("settled", (credit.id,))
    # The subscription lists what was charged for it: the sale, now with its refund.
    assert mirror.find_subscription(sub_id).transactions == (sale,)
    assert gateway.find_subscription(sub_id) == mirror.find_subscription(sub_id)

    with refused(ALREADY_REFUNDED) as caught:
        gateway.refund_transaction(sale_id)
    assert caught.value.message == "Transaction has already been completely refunded."
    with refused("91505"):  # a credit is not refunded
        gateway.refund_transaction(credit.id)


def test_unknown_transactions(gateway: PaymentGateway) -> None:
    for call in (gateway.refund_transaction, gateway.void_transaction, gateway.find_transaction):
        with refused(NOT_FOUND):
            call("nosuchid")


def test_the_sdk_settles_a_sale_as_braintree_sandbox_does(
    runtime: Runtime, wire_server: WireServer, sandbox: SandboxGateway, braintree_gateway: object
) -> None:
    """The SDK's testing.settle_transaction, on the sandbox's wire (a sandbox-only call)."""
    _, sale_id = charged(sandbox)
    settings = runtime.settings
    sdk = braintree.BraintreeGateway(
        configuration(
            wire_server.base_url,
            settings.braintree_merchant_id,
            settings.braintree_public_key,
            settings.braintree_private_key,
        )
    )
    result = sdk.testing.settle_transaction(sale_id)
    assert result.is_success and result.transaction.status == "settled"
    again = sdk.testing.settle_transaction(sale_id)
    assert not again.is_success
    assert sandbox.refund_transaction(sale_id).refunded_transaction_id == sale_id
