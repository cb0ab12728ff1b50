"""The sandbox's test data: every fake nonce and every test card, as in Braintree's sandbox."""

from __future__ import annotations

from datetime import timedelta

import pytest

from masthead.billing.gateway import GATEWAY_REJECTED, GatewayError
from masthead.braintree_sandbox import catalog
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.clock import FrozenClock

# nonce -> (type, card type, last 4, expected refusal code)
NONCES = [
    ("fake-valid-nonce", "CreditCard", "Visa", "1881", None),
    ("fake-valid-visa-nonce", "CreditCard", "Visa", "1111", None),
    ("fake-valid-mastercard-nonce", "CreditCard", "MasterCard", "4444", None),
    ("fake-valid-amex-nonce", "CreditCard", "American Express", "0005", None),
    ("fake-paypal-one-time-nonce", None, None, None, "82902"),
    ("fake-paypal-billing-agreement-nonce", "PayPalAccount", None, None, None),
    ("fake-consumed-nonce", None, None, None, "93107"),
    ("fake-processor-declined-visa-nonce", None, None, None, "2000"),
    ("fake-luhn-invalid-nonce", None, None, None, "81715"),
    ("fake-gateway-rejected-fraud-nonce", None, None, None, GATEWAY_REJECTED),
    ("fake-venmo-account-nonce", "VenmoAccount", None, None, None),
    ("fake-android-pay-nonce", "GooglePay", "Discover", "1117", None),
    ("fake-apple-pay-visa-nonce", "ApplePay", "Apple Pay - Visa", "1881", None),
]


@pytest.fixture
def reader(sandbox: SandboxGateway) -> str:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    return "reader-1"


@pytest.mark.parametrize(("nonce", "type_", "card_type", "last_4", "refusal"), NONCES)
def test_every_fake_nonce(
    sandbox: SandboxGateway,
    reader: str,
    nonce: str,
    type_: str | None,
    card_type: str | None,
    last_4: str | None,
    refusal: str | None,
) -> None:
    if refusal is not None:
        with pytest.raises(GatewayError) as caught:
            sandbox.vault_payment_method(reader, nonce)
        assert caught.value.code == refusal
        return
    method = sandbox.vault_payment_method(reader, nonce)
    assert (method.type, method.card_type, method.last_4) == (type_, card_type, last_4)
    if type_ == "PayPalAccount":
        assert method.email == "jane.doe@example.com"
    if type_ == "VenmoAccount":
        assert method.username == "venmojoe"
    # The fixed fake nonces may be used again and again, as in Braintree's sandbox.
    assert sandbox.vault_payment_method(reader, nonce).token != method.token


def test_processor_declined_nonce_vaults_without_verification(
    sandbox: SandboxGateway, reader: str
) -> None:
    method = sandbox.vault_payment_method(
        reader, "fake-processor-declined-visa-nonce", verify_card=False
    )
    assert (method.card_type, method.last_4) == ("Visa", "1115")


@pytest.mark.parametrize(
    ("number", "card_type"),
    [
        ("4111111111111111", "Visa"),
        ("4012888888881881", "Visa"),
        ("5555555555554444", "MasterCard"),
        ("378734493671000", "American Express"),
        ("6011111111111117", "Discover"),
    ],
)
def test_every_test_card(sandbox: SandboxGateway, reader: str, number: str, card_type: str) -> None:
    cvv = "1234" if card_type == "American Express" else "123"
    nonce = sandbox.tokenize_card(number, "11/26", cvv, "10001", "Ann Reader")
    method = sandbox.vault_payment_method(reader, nonce)
    assert (method.card_type, method.bin, method.last_4) == (card_type, number[:6], number[-4:])
    assert (method.expiration_month, method.expiration_year, method.expired) == (11, 2026, False)


def test_card_that_fails_verification(sandbox: SandboxGateway, reader: str) -> None:
    nonce = sandbox.tokenize_card("4000111111111115", "12/30", "123")
    with pytest.raises(GatewayError) as caught:
        sandbox.vault_payment_method(reader, nonce)
    assert (caught.value.code, caught.value.message) == ("2000", "Do Not Honor")
    assert caught.value.verification is not None
    with pytest.raises(GatewayError, match=r"^93107"):  # the failed check used the nonce up
        sandbox.vault_payment_method(reader, nonce)


@pytest.mark.parametrize(
    ("number", "expiration", "cvv", "code"),
    [
        ("4111111111111112", "12/30", "123", "81715"),  # fails the Luhn check
        ("4242424242424242", "12/30", "123", "81717"),  # valid, but not a test number
        ("4111111111111111", "10/26", "123", "81710"),  # expired last month
        ("4111111111111111", "13/30", "123", "81710"),
        ("4111111111111111", "1230", "123", "81710"),
        ("4111111111111111", "12/30", "12", "81707"),
        ("378734493671000", "12/30", "123", "81707"),  # Amex takes four digits
    ],
)
def test_card_form_refusals(
    sandbox: SandboxGateway, number: str, expiration: str, cvv: str, code: str
) -> None:
    with pytest.raises(GatewayError) as caught:
        sandbox.tokenize_card(number, expiration, cvv)
    assert caught.value.code == code


def test_tokenised_nonce_expires_after_three_hours(
    sandbox: SandboxGateway, reader: str, clock: FrozenClock
) -> None:
    nonce = sandbox.tokenize_card("4111111111111111", "12/30", "123")
    clock.advance(timedelta(hours=3, seconds=1))
    with pytest.raises(GatewayError, match=r"^93108"):
        sandbox.vault_payment_method(reader, nonce)


def test_cards_expire_after_their_month(
    sandbox: SandboxGateway, reader: str, clock: FrozenClock
) -> None:
    nonce = sandbox.tokenize_card("4111111111111111", "11/26", "123")
    token = sandbox.vault_payment_method(reader, nonce).token
    clock.advance(timedelta(days=8))  # 30 November: still good
    assert not sandbox.find_payment_method(token).expired
    clock.advance(timedelta(days=1))
    assert sandbox.find_payment_method(token).expired


@pytest.mark.parametrize(
    ("number", "valid"),
    [("4111111111111111", True), ("378734493671000", True), ("4111111111111121", False)],
)
def test_luhn(number: str, valid: bool) -> None:
    assert catalog.luhn_valid(number) is valid
