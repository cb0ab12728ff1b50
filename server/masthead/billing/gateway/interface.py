"""The payment processor behind one interface, with Braintree's semantics.

Billing talks to a `PaymentGateway` and sees only the plain frozen dataclasses below: no SDK
type leaks out. Two implementations keep each other honest through one contract test:
`SandboxGateway` (masthead.braintree_sandbox, the embedded default) and `BraintreeGateway`
(masthead.billing.braintree_gateway, the official SDK).

Money is Decimal; dates are UTC calendar dates; times are aware UTC datetimes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Literal, Protocol

PaymentMethodType = Literal["CreditCard", "PayPalAccount", "GooglePay", "ApplePay", "VenmoAccount"]
SubscriptionStatus = Literal["Active", "Canceled", "Expired", "Past Due", "Pending"]
TrialUnit = Literal["day", "month"]
TransactionType = Literal["sale", "credit"]

ACTIVE: SubscriptionStatus = "Active"
CANCELED: SubscriptionStatus = "Canceled"
EXPIRED: SubscriptionStatus = "Expired"
PAST_DUE: SubscriptionStatus = "Past Due"
PENDING: SubscriptionStatus = "Pending"

WEBHOOK_KINDS = (
    "subscription_charged_successfully",
    "subscription_charged_unsuccessfully",
    "subscription_canceled",
    "subscription_expired",
    "subscription_trial_ended",
    "subscription_went_active",
    "subscription_went_past_due",
)
WEBHOOK_TOPIC = "billing.webhook"  # outbox topic; payload {"bt_signature", "bt_payload"}

NOT_FOUND = "not_found"
GATEWAY_REJECTED = "gateway_rejected"
CVV_REJECTION_REASON = "cvv"  # a gateway rejection by the merchant's CVV rules
INVALID_SIGNATURE = "invalid_signature"
UNAVAILABLE = "gateway_unavailable"  # authentication, server or network failure
# Braintree's refusals of a refund or a void (its validation error codes).
NOT_SETTLED = "91506"  # "Cannot refund transaction unless it is settled.": void it instead
ALREADY_REFUNDED = "91512"  # "Transaction has already been completely refunded."
CANNOT_VOID = "91504"  # only an authorized or submitted_for_settlement sale can be voided


@dataclass(frozen=True)
class Verification:
    """A card verification that refused a payment method (Braintree's `verification`).

    A CVV rule's refusal is gateway_rejected with reason "cvv"; `cvv_response_code` says why
    (N: does not match, U: not verified, M, S, I as Braintree reports them).
    """

    status: str  # processor_declined | gateway_rejected | failed
    processor_response_code: str
    processor_response_text: str
    gateway_rejection_reason: str | None = None
    cvv_response_code: str | None = None


@dataclass(frozen=True)
class TransactionInfo:
    id: str
    amount: Decimal
    status: str  # Braintree's: submitted_for_settlement, authorized, processor_declined, ...
    created_at: datetime
    processor_response_code: str
    processor_response_text: str
    gateway_rejection_reason: str | None = None
    subscription_id: str | None = None
    payment_instrument_type: str = "credit_card"
    type: TransactionType = "sale"  # a refund is a credit of its own
    refund_ids: tuple[str, ...] = ()  # a sale's refunds (credits), oldest first
    refunded_transaction_id: str | None = None  # a credit's sale

    @property
    def succeeded(self) -> bool:
        return self.status in ("authorized", "submitted_for_settlement", "settling", "settled")


class GatewayError(Exception):
    """A refusal: Braintree's validation error code, processor response code, or NOT_FOUND.

    `message` is Braintree's own text ("Do Not Honor", "Cannot use a payment_method_nonce more
    than once."). A declined charge carries its `transaction`, a failed card check its
    `verification`. `scope` and `attribute` say where a validation error sits.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        scope: str = "",
        attribute: str = "",
        transaction: TransactionInfo | None = None,
        verification: Verification | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.scope = scope
        self.attribute = attribute
        self.transaction = transaction
        self.verification = verification


@dataclass(frozen=True)
class PaymentMethodInfo:
    token: str
    customer_id: str
    type: PaymentMethodType
    default: bool
    image_url: str
    created_at: datetime
    card_type: str | None = None  # "Visa", "Apple Pay - Visa", ...; None for PayPal and Venmo
    last_4: str | None = None
    bin: str | None = None
    expiration_month: int | None = None
    expiration_year: int | None = None
    expired: bool = False
    cardholder_name: str | None = None
    billing_postal_code: str | None = None
    email: str | None = None  # PayPal
    username: str | None = None  # Venmo
    # Braintree's fingerprint of a card's number: the same card vaulted twice has the same one.
    unique_number_identifier: str | None = None


@dataclass(frozen=True)
class CustomerInfo:
    id: str
    email: str
    first_name: str
    last_name: str
    created_at: datetime
    payment_methods: tuple[PaymentMethodInfo, ...] = ()


@dataclass(frozen=True)
class Discount:
    id: str
    amount: Decimal
    number_of_billing_cycles: int | None = None  # None: every cycle


@dataclass(frozen=True)
class SubscriptionInfo:
    id: str
    status: SubscriptionStatus
    plan_id: str
    price: Decimal
    payment_method_token: str
    first_billing_date: date
    next_billing_date: date | None
    paid_through_date: date | None
    billing_period_start_date: date | None
    billing_period_end_date: date | None
    billing_day_of_month: int
    current_billing_cycle: int
    number_of_billing_cycles: int | None
    trial_period: bool
    trial_duration: int | None
    trial_duration_unit: TrialUnit | None
    failure_count: int
    days_past_due: int | None
    balance: Decimal
    next_bill_amount: Decimal
    created_at: datetime
    updated_at: datetime
    discounts: tuple[Discount, ...] = ()
    transactions: tuple[TransactionInfo, ...] = ()  # newest first


@dataclass(frozen=True)
class PlanSpec:
    """A plan as the processor keeps it (Braintree's control panel)."""

    id: str
    price: Decimal
    billing_frequency: int = 1  # months
    name: str = ""
    trial_duration: int | None = None
    trial_duration_unit: TrialUnit | None = None
    number_of_billing_cycles: int | None = None  # None: never expires


@dataclass(frozen=True)
class WebhookInfo:
    kind: str
    subscription_id: str | None
    timestamp: datetime


class PaymentGateway(Protocol):
    def create_customer(self, customer_id: str, email: str, name: str) -> CustomerInfo: ...

    def find_customer(self, customer_id: str) -> CustomerInfo: ...

    def client_token(self, customer_id: str | None = None) -> str: ...

    def vault_payment_method(
        self, customer_id: str, nonce: str, make_default: bool = False
    ) -> PaymentMethodInfo: ...

    def list_payment_methods(self, customer_id: str) -> list[PaymentMethodInfo]: ...

    def find_payment_method(self, token: str) -> PaymentMethodInfo: ...

    def update_payment_method(
        self,
        token: str,
        *,
        nonce: str | None = None,  # a card form or CVV-only nonce: the card is verified
        expiration_date: str | None = None,  # "MM/YYYY"
        billing_postal_code: str | None = None,
        cardholder_name: str | None = None,
        make_default: bool = False,
    ) -> PaymentMethodInfo: ...

    def delete_payment_method(self, token: str) -> None: ...

    def make_default(self, token: str) -> PaymentMethodInfo: ...

    def create_subscription(
        self,
        payment_method_token: str,
        plan_id: str,
        *,
        price: Decimal | None = None,
        first_billing_date: date | None = None,
        trial_duration: int | None = None,  # None: the plan's trial; 0: no trial
        trial_unit: TrialUnit | None = None,
        discounts: Sequence[Discount] = (),
        start_immediately: bool = False,
        number_of_billing_cycles: int | None = None,
        subscription_id: str | None = None,  # chosen by the caller, so a retry can find it
    ) -> SubscriptionInfo: ...

    def find_subscription(self, subscription_id: str) -> SubscriptionInfo: ...

    def cancel_subscription(self, subscription_id: str) -> SubscriptionInfo: ...

    def update_subscription(
        self,
        subscription_id: str,
        *,
        price: Decimal | None = None,
        plan_id: str | None = None,
        payment_method_token: str | None = None,
        add_discounts: Sequence[Discount] = (),
    ) -> SubscriptionInfo: ...

    def retry_charge(
        self, subscription_id: str, amount: Decimal | None = None
    ) -> TransactionInfo: ...

    def refund_transaction(self, transaction_id: str) -> TransactionInfo:
        """Refund a settled (or settling) sale in full: the answer is the refund, a credit.
        NOT_SETTLED before the sale settles (void it then), ALREADY_REFUNDED after."""
        ...

    def void_transaction(self, transaction_id: str) -> TransactionInfo:
        """Void a sale not yet settled: the answer is the sale, now "voided"; CANNOT_VOID
        once it has begun settling (refund it then)."""
        ...

    def find_transaction(self, transaction_id: str) -> TransactionInfo: ...

    def parse_webhook(self, bt_signature: str, bt_payload: str) -> WebhookInfo: ...

    def sample_webhook(self, kind: str, subscription_id: str) -> dict[str, str]: ...

    # What the processor does on its own side. Braintree: plans are set up in its control
    # panel and it bills on its own, so both are no-ops; the embedded sandbox does them here.

    def publish_plans(self, plans: Sequence[PlanSpec]) -> None:
        """Make the processor's plans match the catalogue (create or update; idempotent)."""
        ...

    def run_billing_cycle(self) -> None:
        """Run the recurring billing that is due now (renewals, trial ends, declines)."""
        ...


def ordered_methods(methods: Iterable[PaymentMethodInfo]) -> list[PaymentMethodInfo]:
    """The one order every gateway lists a customer's methods in: default, then newest."""
    return sorted(methods, key=lambda m: (not m.default, -m.created_at.timestamp(), m.token))


def split_name(name: str) -> tuple[str, str]:
    """Braintree keeps first and last names; the last word is the last name."""
    words = name.split()
    if len(words) < 2:
        return (words[0] if words else "", "")
    return " ".join(words[:-1]), words[-1]
