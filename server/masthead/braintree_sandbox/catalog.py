"""Braintree's sandbox test data, as rules with no I/O: fake nonces, test cards, amounts.

Sources: Braintree's testing guide and the SDK's own test constants (braintree.test.nonces).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from masthead.billing.api import GATEWAY_REJECTED, PaymentMethodType

PROCESSOR_DECLINED = "processor_declined"
GATEWAY_REJECTED_FRAUD = "gateway_rejected_fraud"
CONSUMED_NONCE = "fake-consumed-nonce"
LUHN_INVALID_NONCE = "fake-luhn-invalid-nonce"
ONE_TIME_PAYPAL_NONCE = "fake-paypal-one-time-nonce"


@dataclass(frozen=True)
class Instrument:
    """What a nonce stands for: the fields a payment method vaulted from it gets."""

    kind: PaymentMethodType
    card_type: str | None = None
    bin: str | None = None
    last_4: str | None = None
    expires_in_years: int | None = 3  # fake cards expire in December, this many years on
    email: str | None = None
    username: str | None = None
    behaviour: str = ""


def _card(card_type: str, number: str, behaviour: str = "") -> Instrument:
    return Instrument("CreditCard", card_type, number[:6], number[-4:], behaviour=behaviour)


FAKE_NONCES: dict[str, Instrument] = {
    "fake-valid-nonce": _card("Visa", "4012888888881881"),
    "fake-valid-visa-nonce": _card("Visa", "4111111111111111"),
    "fake-valid-mastercard-nonce": _card("MasterCard", "5555555555554444"),
    "fake-valid-amex-nonce": _card("American Express", "378282246310005"),
    "fake-valid-discover-nonce": _card("Discover", "6011111111111117"),
    "fake-processor-declined-visa-nonce": _card("Visa", "4000111111111115", PROCESSOR_DECLINED),
    "fake-gateway-rejected-fraud-nonce": _card("Visa", "4000111111111511", GATEWAY_REJECTED_FRAUD),
    ONE_TIME_PAYPAL_NONCE: Instrument(
        "PayPalAccount", expires_in_years=None, email="jane.doe@example.com"
    ),
    "fake-paypal-billing-agreement-nonce": Instrument(
        "PayPalAccount", expires_in_years=None, email="jane.doe@example.com"
    ),
    "fake-venmo-account-nonce": Instrument(
        "VenmoAccount", expires_in_years=None, username="venmojoe"
    ),
    # Google Pay's virtual cards, as Braintree's sandbox answers them (the plain one is a Discover).
    "fake-android-pay-nonce": Instrument("GooglePay", "Discover", "601111", "1117"),
    "fake-android-pay-discover-nonce": Instrument("GooglePay", "Discover", "601111", "1117"),
    "fake-android-pay-visa-nonce": Instrument("GooglePay", "Visa", "411111", "1111"),
    "fake-android-pay-mastercard-nonce": Instrument("GooglePay", "MasterCard", "555555", "4444"),
    "fake-android-pay-amex-nonce": Instrument("GooglePay", "American Express", "378282", "0005"),
    "fake-apple-pay-visa-nonce": Instrument("ApplePay", "Apple Pay - Visa", "401288", "1881"),
    "fake-apple-pay-mastercard-nonce": Instrument(
        "ApplePay", "Apple Pay - MasterCard", "555555", "4444"
    ),
    "fake-apple-pay-amex-nonce": Instrument(
        "ApplePay", "Apple Pay - American Express", "378282", "0005"
    ),
}

PAYPAL_BUYER_EMAIL = "jane.doe@example.com"  # the sandbox's PayPal buyer, as in its fake nonces

# What each wallet's sheet hands over in the sandbox, by the client API path it is posted to:
# PayPal's sandbox buyer, and the test card Google Pay's and Apple Pay's test environments return.
WALLET_ACCOUNTS: dict[str, Instrument] = {
    "paypal_accounts": Instrument("PayPalAccount", expires_in_years=None, email=PAYPAL_BUYER_EMAIL),
    "android_pay_cards": FAKE_NONCES["fake-android-pay-visa-nonce"],
    "apple_pay_cards": FAKE_NONCES["fake-apple-pay-visa-nonce"],
}

# Card numbers the sandbox accepts, with the card type Braintree reports.
TEST_CARDS: dict[str, Instrument] = {
    number: _card(card_type, number, behaviour)
    for number, card_type, behaviour in (
        ("4111111111111111", "Visa", ""),
        ("4012888888881881", "Visa", ""),
        ("5555555555554444", "MasterCard", ""),
        ("378734493671000", "American Express", ""),
        ("6011111111111117", "Discover", ""),
        ("4000111111111115", "Visa", PROCESSOR_DECLINED),  # fails verification
    )
}

RESPONSE_TEXTS = {
    "1000": "Approved",
    "2000": "Do Not Honor",
    "2001": "Insufficient Funds",
    "2002": "Limit Exceeded",
    "2003": "Cardholder's Activity Limit Exceeded",
    "2004": "Expired Card",
    "2005": "Invalid Credit Card Number",
    "2006": "Invalid Expiration Date",
    "2007": "No Account",
    "2010": "Card Issuer Declined CVV",
    "2012": "Processor Declined - Possible Lost Card",
    "2013": "Processor Declined - Possible Stolen Card",
    "2014": "Processor Declined - Fraud Suspected",
    "2015": "Transaction Not Allowed",
    "2038": "Processor Declined",
    "2044": "Declined - Call Issuer",
    "2046": "Declined",
    "3000": "Processor Network Unavailable - Try Again",
}


@dataclass(frozen=True)
class Outcome:
    """How the sandbox processor answers a charge or a verification."""

    status: str  # authorized | processor_declined | failed | gateway_rejected
    code: str
    text: str
    gateway_rejection_reason: str | None = None

    @property
    def approved(self) -> bool:
        return self.status == "authorized"

    @property
    def message(self) -> str:
        """Braintree's result message for a refusal."""
        if self.gateway_rejection_reason:
            return f"Gateway Rejected: {self.gateway_rejection_reason}"
        return self.text


APPROVED = Outcome("authorized", "1000", "Approved")


def declined(code: str) -> Outcome:
    return Outcome(PROCESSOR_DECLINED, code, RESPONSE_TEXTS.get(code, "Processor Declined"))


def outcome_for_amount(amount: Decimal) -> Outcome:
    """Braintree's sandbox amounts: 2000.00-2999.99 decline with the amount as the code,
    3000.00-3000.99 fail, 5001.00 is gateway-rejected; anything else authorises."""
    if Decimal("2000") <= amount < Decimal("3000"):
        return declined(str(int(amount)))
    if Decimal("3000") <= amount < Decimal("3001"):
        return Outcome("failed", "3000", RESPONSE_TEXTS["3000"])
    if amount == Decimal("5001"):
        return Outcome(GATEWAY_REJECTED, "", "", "application_incomplete")
    return APPROVED


def outcome_for_behaviour(behaviour: str) -> Outcome:
    """A card's own answer, before the amount is looked at."""
    if behaviour == PROCESSOR_DECLINED:
        return declined("2000")
    if behaviour == GATEWAY_REJECTED_FRAUD:
        return Outcome(GATEWAY_REJECTED, "", "", "fraud")
    return APPROVED


def charge_outcome(behaviour: str, amount: Decimal) -> Outcome:
    own = outcome_for_behaviour(behaviour)
    return own if not own.approved else outcome_for_amount(amount)


def luhn_valid(number: str) -> bool:
    if not number.isdigit() or not 12 <= len(number) <= 19:
        return False
    total = 0
    for index, char in enumerate(reversed(number)):
        digit = int(char)
        if index % 2 == 1:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


IMAGE_SLUGS = {
    "Visa": "visa",
    "MasterCard": "mastercard",
    "American Express": "american_express",
    "Discover": "discover",
}


def image_slug(kind: str, card_type: str | None) -> str:
    """The logo name Braintree's image_url points at (payment_method_logo/<slug>)."""
    if kind == "PayPalAccount":
        return "paypal"
    if kind == "VenmoAccount":
        return "venmo"
    if kind == "ApplePay":
        return "apple_pay"
    if kind == "GooglePay":
        return "google_pay"
    return IMAGE_SLUGS.get(card_type or "", "unknown")
