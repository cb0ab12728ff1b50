"""Braintree's sandbox amounts decide every charge: the first one and the retries."""

from __future__ import annotations

from decimal import Decimal

import pytest

from masthead.billing.gateway import GATEWAY_REJECTED, GatewayError
from masthead.braintree_sandbox import catalog
from masthead.braintree_sandbox.gateway import SandboxGateway

# amount -> (status, processor response code, message of the refusal or None)
AMOUNTS = [
    ("0.01", "submitted_for_settlement", "1000", None),
    ("1999.99", "submitted_for_settlement", "1000", None),
    ("2000.00", "processor_declined", "2000", "Do Not Honor"),
    ("2001.00", "processor_declined", "2001", "Insufficient Funds"),
    ("2046.50", "processor_declined", "2046", "Declined"),
    ("2999.99", "processor_declined", "2999", "Processor Declined"),
    ("3000.00", "failed", "3000", "Processor Network Unavailable - Try Again"),
    ("3000.99", "failed", "3000", "Processor Network Unavailable - Try Again"),
    ("3001.00", "submitted_for_settlement", "1000", None),
    ("5001.00", "gateway_rejected", "", "Gateway Rejected: application_incomplete"),
    ("5001.01", "submitted_for_settlement", "1000", None),
]


@pytest.mark.parametrize(("amount", "status", "code", "message"), AMOUNTS)
def test_first_charge_by_amount(
    sandbox: SandboxGateway, amount: str, status: str, code: str, message: str | None
) -> None:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    token = sandbox.vault_payment_method("reader-1", "fake-valid-nonce").token
    if message is None:
        sub = sandbox.create_subscription(token, "monthly", price=Decimal(amount))
        [sale] = sub.transactions
        assert (sub.status, sale.status, sale.processor_response_code) == ("Active", status, code)
        return
    with pytest.raises(GatewayError) as caught:
        sandbox.create_subscription(token, "monthly", price=Decimal(amount))
    assert caught.value.message == message
    assert caught.value.code == (GATEWAY_REJECTED if status == "gateway_rejected" else code)
    sale = caught.value.transaction
    assert sale is not None
    assert (sale.status, sale.processor_response_code, sale.amount) == (
        status,
        code,
        Decimal(amount),
    )


def test_a_free_cycle_charges_nothing(sandbox: SandboxGateway) -> None:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    token = sandbox.vault_payment_method("reader-1", "fake-valid-nonce").token
    sub = sandbox.create_subscription(token, "monthly", price=Decimal("0.00"))
    assert (sub.status, sub.transactions, sub.paid_through_date is not None) == ("Active", (), True)


@pytest.mark.parametrize(
    ("behaviour", "amount", "status"),
    [
        ("", Decimal("10.00"), "authorized"),
        (catalog.PROCESSOR_DECLINED, Decimal("10.00"), "processor_declined"),
        (catalog.GATEWAY_REJECTED_FRAUD, Decimal("10.00"), "gateway_rejected"),
        ("", Decimal("2000.00"), "processor_declined"),
    ],
)
def test_card_behaviour_comes_before_the_amount(
    behaviour: str, amount: Decimal, status: str
) -> None:
    assert catalog.charge_outcome(behaviour, amount).status == status
