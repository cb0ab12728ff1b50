"""Re-verifying a vaulted card by its CVV alone, and Braintree's CVV test values, run against
SandboxGateway and against BraintreeGateway (the official SDK over HTTP to the sandbox's wire
protocol): a payment method update with a CVV-only nonce and verify_card, as Braintree's
CVV-only hosted field and payment_method.update do.
"""

from __future__ import annotations

import pytest

from masthead.billing.gateway import (
    CVV_REJECTION_REASON,
    GATEWAY_REJECTED,
    GatewayError,
    PaymentGateway,
    Verification,
)
from masthead.braintree_sandbox import cvv, vault
from masthead.braintree_sandbox.gateway import SandboxGateway
from tests.billing.test_braintree_contract import card, customer, refused


def cvv_nonce(sandbox: SandboxGateway, value: str) -> str:
    """What the card form's CVV-only field tokenises to (client_api does the same call)."""
    with sandbox.unit() as ctx:
        return vault.tokenize_cvv(ctx, value)


def cvv_refusal(code: str) -> Verification:
    return Verification("gateway_rejected", "1000", "Approved", CVV_REJECTION_REASON, code)


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("200", "N"),
        ("2000", "N"),  # American Express
        ("201", "U"),
        ("2011", "U"),
        ("301", "S"),
        ("3011", "S"),
        ("123", "M"),
        ("1234", "M"),
        ("", "I"),
    ],
)
def test_braintree_cvv_test_values(value: str, code: str) -> None:
    assert cvv.response_code(value) == code


def test_a_matching_cvv_verifies_the_card_and_changes_nothing(
    gateway: PaymentGateway, mirror: PaymentGateway, sandbox: SandboxGateway
) -> None:
    token = card(gateway)
    before = gateway.find_payment_method(token)
    for value in ("123", "301"):  # matches; the issuer does not take part (not refused)
        assert gateway.update_payment_method(token, nonce=cvv_nonce(sandbox, value)) == before
    assert mirror.find_payment_method(token) == before


@pytest.mark.parametrize(("value", "code"), [("200", "N"), ("201", "U")])
def test_a_cvv_that_fails_the_cvv_rules_is_gateway_rejected(
    gateway: PaymentGateway,
    mirror: PaymentGateway,
    sandbox: SandboxGateway,
    value: str,
    code: str,
) -> None:
    token = card(gateway)
    before = gateway.find_payment_method(token)
    with pytest.raises(GatewayError) as caught:
        gateway.update_payment_method(token, nonce=cvv_nonce(sandbox, value))
    assert (caught.value.code, caught.value.message) == (GATEWAY_REJECTED, "Gateway Rejected: cvv")
    assert caught.value.verification == cvv_refusal(code)
    assert mirror.find_payment_method(token) == before


def test_a_declined_card_stays_declined_whatever_its_cvv(
    gateway: PaymentGateway, sandbox: SandboxGateway
) -> None:
    # Vaulted without verification (the sandbox's own option), as an old card may have been.
    declined = sandbox.vault_payment_method(
        customer(gateway), "fake-processor-declined-visa-nonce", verify_card=False
    ).token
    with pytest.raises(GatewayError) as caught:
        gateway.update_payment_method(declined, nonce=cvv_nonce(sandbox, "123"))
    assert caught.value.code == "2000"
    assert caught.value.verification == Verification(
        "processor_declined", "2000", "Do Not Honor", None, "M"
    )


def test_a_cvv_only_nonce_is_single_use_and_no_card(
    gateway: PaymentGateway, sandbox: SandboxGateway
) -> None:
    token = card(gateway)
    nonce = cvv_nonce(sandbox, "123")
    gateway.update_payment_method(token, nonce=nonce)
    with refused("93107"):
        gateway.update_payment_method(token, nonce=nonce)
    with refused("81714"):
        gateway.vault_payment_method("reader-1", cvv_nonce(sandbox, "123"))
    paypal = gateway.vault_payment_method("reader-1", "fake-paypal-billing-agreement-nonce")
    with refused("91735"):
        gateway.update_payment_method(paypal.token, nonce=cvv_nonce(sandbox, "123"))


@pytest.mark.parametrize("value", ["12", "12345", "abc"])
def test_a_cvv_only_field_takes_three_or_four_digits(sandbox: SandboxGateway, value: str) -> None:
    with refused("81707"):
        cvv_nonce(sandbox, value)


def test_a_new_card_whose_cvv_does_not_match_is_not_vaulted(
    gateway: PaymentGateway, mirror: PaymentGateway, sandbox: SandboxGateway
) -> None:
    reader = customer(gateway)
    wrong = sandbox.tokenize_card("4111111111111111", "12/30", "200", "10001")
    with pytest.raises(GatewayError) as caught:
        gateway.vault_payment_method(reader, wrong)
    assert caught.value.verification == cvv_refusal("N")
    assert mirror.list_payment_methods(reader) == []
    right = sandbox.tokenize_card("4111111111111111", "12/30", "123", "10001")
    method = gateway.vault_payment_method(reader, right)
    # The CVV's answer belonged to that verification only: the vaulted card charges as any.
    assert mirror.find_payment_method(method.token) == method
    sub = gateway.create_subscription(method.token, "monthly")
    assert [t.processor_response_code for t in sub.transactions] == ["1000"]
