"""The PaymentGateway contract, run against SandboxGateway and against BraintreeGateway (the
official SDK over HTTP to the sandbox's wire protocol). After each call, the other gateway
must read the same state back, field for field: the two stay faithful to each other.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from datetime import date, timedelta
from decimal import Decimal

import pytest

from masthead.billing.gateway import (
    GATEWAY_REJECTED,
    INVALID_SIGNATURE,
    NOT_FOUND,
    Discount,
    GatewayError,
    PaymentGateway,
)
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.braintree_sandbox.helpers import bill_due

TODAY = date(2026, 11, 22)


def refused(code: str) -> AbstractContextManager[pytest.ExceptionInfo[GatewayError]]:
    return pytest.raises(GatewayError, match=f"^{code}: ")


def customer(gateway: PaymentGateway, customer_id: str = "reader-1") -> str:
    gateway.create_customer(customer_id, "ann@example.com", "Ann Marie Reader")
    return customer_id


def card(gateway: PaymentGateway, nonce: str = "fake-valid-visa-nonce") -> str:
    return gateway.vault_payment_method(customer(gateway), nonce).token


def test_customers(gateway: PaymentGateway, mirror: PaymentGateway) -> None:
    created = gateway.create_customer("reader-1", "ann@example.com", "Ann Marie Reader")
    assert (created.id, created.email, created.first_name, created.last_name) == (
        "reader-1",
        "ann@example.com",
        "Ann Marie",
        "Reader",
    )
    assert created.payment_methods == ()
    assert mirror.find_customer("reader-1") == created
    with refused("91609"):
        gateway.create_customer("reader-1", "other@example.com", "Other")
    with refused(NOT_FOUND):
        gateway.find_customer("nobody")


def test_client_token(gateway: PaymentGateway) -> None:
    assert gateway.client_token()
    assert gateway.client_token(customer(gateway))
    with refused(NOT_FOUND):
        gateway.client_token("nobody")


@pytest.mark.parametrize(
    ("nonce", "type_", "card_type", "last_4"),
    [
        ("fake-valid-nonce", "CreditCard", "Visa", "1881"),
        ("fake-valid-visa-nonce", "CreditCard", "Visa", "1111"),
        ("fake-valid-mastercard-nonce", "CreditCard", "MasterCard", "4444"),
        ("fake-valid-amex-nonce", "CreditCard", "American Express", "0005"),
        ("fake-paypal-billing-agreement-nonce", "PayPalAccount", None, None),
        ("fake-venmo-account-nonce", "VenmoAccount", None, None),
        ("fake-android-pay-nonce", "GooglePay", "Discover", "1117"),
        ("fake-apple-pay-visa-nonce", "ApplePay", "Apple Pay - Visa", "1881"),
    ],
)
def test_vaulting_each_kind_of_nonce(
    gateway: PaymentGateway,
    mirror: PaymentGateway,
    nonce: str,
    type_: str,
    card_type: str | None,
    last_4: str | None,
) -> None:
    method = gateway.vault_payment_method(customer(gateway), nonce)
    assert (method.type, method.card_type, method.last_4) == (type_, card_type, last_4)
    assert method.default is True  # a customer's first method is the default
    assert method.customer_id == "reader-1"
    assert not method.expired
    assert method.image_url.endswith(".svg")
    assert mirror.find_payment_method(method.token) == method
    assert mirror.list_payment_methods("reader-1") == [method]


@pytest.mark.parametrize(
    ("nonce", "code", "message"),
    [
        ("fake-consumed-nonce", "93107", "Cannot use a payment_method_nonce more than once."),
        ("fake-processor-declined-visa-nonce", "2000", "Do Not Honor"),
        ("fake-gateway-rejected-fraud-nonce", GATEWAY_REJECTED, "Gateway Rejected: fraud"),
        ("fake-luhn-invalid-nonce", "81715", "Credit card number is invalid."),
        ("fake-paypal-one-time-nonce", "82902", "Cannot vault one-time use PayPal Account."),
        ("no-such-nonce", "93108", "Unknown or expired payment_method_nonce."),
    ],
)
def test_refused_nonces(gateway: PaymentGateway, nonce: str, code: str, message: str) -> None:
    with pytest.raises(GatewayError) as caught:
        gateway.vault_payment_method(customer(gateway), nonce)
    assert (caught.value.code, caught.value.message) == (code, message)
    assert gateway.list_payment_methods("reader-1") == []


def test_failed_verification_reports_the_processor_answer(gateway: PaymentGateway) -> None:
    with pytest.raises(GatewayError) as caught:
        gateway.vault_payment_method(customer(gateway), "fake-processor-declined-visa-nonce")
    check = caught.value.verification
    assert check is not None
    assert (check.status, check.processor_response_code, check.processor_response_text) == (
        "processor_declined",
        "2000",
        "Do Not Honor",
    )


def test_vault_needs_a_known_customer(gateway: PaymentGateway) -> None:
    with refused("93105"):
        gateway.vault_payment_method("nobody", "fake-valid-nonce")


def test_tokenised_card_nonce_is_single_use(
    gateway: PaymentGateway, sandbox: SandboxGateway
) -> None:
    nonce = sandbox.tokenize_card("4111 1111 1111 1111", "12/30", "123", "10001", "Ann Reader")
    method = gateway.vault_payment_method(customer(gateway), nonce)
    assert (method.card_type, method.last_4, method.bin) == ("Visa", "1111", "411111")
    assert (method.expiration_month, method.expiration_year) == (12, 2030)
    assert (method.cardholder_name, method.billing_postal_code) == ("Ann Reader", "10001")
    with refused("93107"):
        gateway.vault_payment_method("reader-1", nonce)


def test_default_list_and_delete(
    gateway: PaymentGateway, mirror: PaymentGateway, clock: FrozenClock
) -> None:
    first = gateway.vault_payment_method(customer(gateway), "fake-valid-visa-nonce")
    clock.advance(timedelta(minutes=1))
    paypal = gateway.vault_payment_method("reader-1", "fake-paypal-billing-agreement-nonce")
    clock.advance(timedelta(minutes=1))
    amex = gateway.vault_payment_method("reader-1", "fake-valid-amex-nonce", make_default=True)
    assert amex.default
    listed = gateway.list_payment_methods("reader-1")
    assert [m.token for m in listed] == [amex.token, paypal.token, first.token]
    assert [m.default for m in listed] == [True, False, False]
    assert mirror.list_payment_methods("reader-1") == listed

    assert gateway.make_default(first.token).default
    assert [m.token for m in gateway.list_payment_methods("reader-1") if m.default] == [first.token]

    gateway.delete_payment_method(first.token)
    remaining = gateway.list_payment_methods("reader-1")
    assert [m.token for m in remaining] == [amex.token, paypal.token]
    assert remaining[0].default  # the newest remaining method takes the default's place
    with refused(NOT_FOUND):
        gateway.delete_payment_method(first.token)
    with refused(NOT_FOUND):
        gateway.find_payment_method(first.token)


def test_update_payment_method(
    gateway: PaymentGateway, mirror: PaymentGateway, sandbox: SandboxGateway
) -> None:
    token = card(gateway)
    updated = gateway.update_payment_method(
        token, expiration_date="07/2031", billing_postal_code="94107", cardholder_name="A. R."
    )
    assert (updated.expiration_month, updated.expiration_year) == (7, 2031)
    assert (updated.billing_postal_code, updated.cardholder_name) == ("94107", "A. R.")
    assert mirror.find_payment_method(token) == updated

    nonce = sandbox.tokenize_card("5555555555554444", "01/29", "321")
    replaced = gateway.update_payment_method(token, nonce=nonce)
    assert (replaced.token, replaced.card_type, replaced.last_4) == (token, "MasterCard", "4444")
    assert (replaced.expiration_month, replaced.expiration_year) == (1, 2029)
    assert replaced.billing_postal_code == "94107"  # kept: the nonce carried none

    declining = sandbox.tokenize_card("4000111111111115", "01/29", "321")
    with refused("2000"):
        gateway.update_payment_method(token, nonce=declining)
    with refused("81710"):
        gateway.update_payment_method(token, expiration_date="13/2031")
    with refused(NOT_FOUND):
        gateway.update_payment_method("missing", expiration_date="07/2031")


def test_subscription_charged_at_once(gateway: PaymentGateway, mirror: PaymentGateway) -> None:
    token = card(gateway)
    sub = gateway.create_subscription(token, "monthly")
    assert (sub.status, sub.plan_id, sub.price, sub.payment_method_token) == (
        "Active",
        "monthly",
        Decimal("9.99"),
        token,
    )
    assert (sub.first_billing_date, sub.billing_period_start_date) == (TODAY, TODAY)
    assert sub.next_billing_date == date(2026, 12, 22)
    assert sub.paid_through_date == sub.billing_period_end_date == date(2026, 12, 21)
    assert (sub.current_billing_cycle, sub.failure_count, sub.balance) == (1, 0, Decimal("0.00"))
    assert sub.trial_period is False
    assert sub.next_bill_amount == Decimal("9.99")
    [sale] = sub.transactions
    assert (sale.amount, sale.status, sale.subscription_id) == (
        Decimal("9.99"),
        "submitted_for_settlement",
        sub.id,
    )
    assert (sale.processor_response_code, sale.processor_response_text) == ("1000", "Approved")
    assert mirror.find_subscription(sub.id) == sub


def test_subscription_with_trial_is_active_and_uncharged(
    gateway: PaymentGateway, mirror: PaymentGateway
) -> None:
    token = card(gateway)
    sub = gateway.create_subscription(token, "monthly", trial_duration=14, trial_unit="day")
    assert (sub.status, sub.trial_period, sub.trial_duration, sub.trial_duration_unit) == (
        "Active",
        True,
        14,
        "day",
    )
    assert sub.transactions == ()
    assert sub.first_billing_date == sub.next_billing_date == date(2026, 12, 6)
    assert sub.current_billing_cycle == 0
    assert mirror.find_subscription(sub.id) == sub

    inherited = gateway.create_subscription(token, "monthly-trial")
    assert (inherited.trial_duration, inherited.first_billing_date) == (7, date(2026, 11, 29))
    skipped = gateway.create_subscription(token, "monthly-trial", trial_duration=0)
    assert (skipped.trial_period, len(skipped.transactions)) == (False, 1)
    monthly = gateway.create_subscription(token, "monthly", trial_duration=1, trial_unit="month")
    assert monthly.first_billing_date == date(2026, 12, 22)


def test_subscription_with_future_first_billing_date_is_pending(
    gateway: PaymentGateway, mirror: PaymentGateway
) -> None:
    token = card(gateway)
    start = TODAY + timedelta(days=10)
    sub = gateway.create_subscription(token, "annual", first_billing_date=start)
    assert (sub.status, sub.first_billing_date, sub.next_billing_date) == ("Pending", start, start)
    assert (sub.paid_through_date, sub.transactions, sub.current_billing_cycle) == (None, (), 0)
    assert mirror.find_subscription(sub.id) == sub
    today_start = gateway.create_subscription(token, "monthly", first_billing_date=TODAY)
    assert today_start.status == "Active"
    with refused("91916"):
        gateway.create_subscription(token, "monthly", first_billing_date=TODAY - timedelta(1))
    with refused("91917"):
        gateway.create_subscription(token, "monthly-trial", first_billing_date=start)


def test_subscription_under_a_chosen_id(gateway: PaymentGateway, mirror: PaymentGateway) -> None:
    """Braintree takes the caller's id: a change can look for what it created, or not."""
    token = card(gateway)
    start = TODAY + timedelta(days=30)
    sub = gateway.create_subscription(
        token, "annual", first_billing_date=start, subscription_id="chg_1-a"
    )
    assert (sub.id, sub.status) == ("chg_1-a", "Pending")
    assert mirror.find_subscription("chg_1-a") == sub
    with refused("81902"):
        gateway.create_subscription(
            token, "annual", first_billing_date=start, subscription_id="chg_1-a"
        )
    with refused("81906"):
        gateway.create_subscription(token, "annual", subscription_id="no spaces")


def test_a_discount_added_later_counts_its_cycles_from_the_next_one(
    gateway: PaymentGateway, mirror: PaymentGateway, clock: FrozenClock, runtime: Runtime
) -> None:
    token = card(gateway)
    sub = gateway.create_subscription(token, "monthly")  # 9.99 charged today, cycle 1
    added = gateway.update_subscription(
        sub.id, add_discounts=[Discount("stay", Decimal("4.00"), 2)]
    )
    assert added.discounts == (Discount("stay", Decimal("4.00"), 2),)
    assert mirror.find_subscription(sub.id).discounts == added.discounts
    amounts = []
    for month in (12, 1, 2):
        clock.at = clock.at.replace(year=2026 if month == 12 else 2027, month=month)
        bill_due(runtime)
        amounts.append(gateway.find_subscription(sub.id).transactions[0].amount)
    assert amounts == [Decimal("5.99"), Decimal("5.99"), Decimal("9.99")]


def test_subscription_refusals(gateway: PaymentGateway, sandbox: SandboxGateway) -> None:
    token = card(gateway)
    with refused("91904"):
        gateway.create_subscription(token, "no-such-plan")
    with refused("91903"):
        gateway.create_subscription("no-such-token", "monthly")
    with refused("81904"):
        gateway.create_subscription(token, "monthly", price=Decimal("1.001"))
    with refused("81923"):
        gateway.create_subscription(token, "monthly", price=Decimal("100000000.00"))
    with refused("81909"):
        gateway.create_subscription(token, "monthly", trial_duration=3, trial_unit=None)
    with refused(NOT_FOUND):
        gateway.find_subscription("nosuch")
    with refused(NOT_FOUND):
        gateway.cancel_subscription("nosuch")


@pytest.mark.parametrize(
    ("price", "code", "message", "status"),
    [
        ("2000.00", "2000", "Do Not Honor", "processor_declined"),
        ("2001.00", "2001", "Insufficient Funds", "processor_declined"),
        ("3000.00", "3000", "Processor Network Unavailable - Try Again", "failed"),
        (
            "5001.00",
            GATEWAY_REJECTED,
            "Gateway Rejected: application_incomplete",
            "gateway_rejected",
        ),
    ],
)
def test_declined_first_charge_creates_no_subscription(
    gateway: PaymentGateway, price: str, code: str, message: str, status: str
) -> None:
    token = card(gateway)
    with pytest.raises(GatewayError) as caught:
        gateway.create_subscription(token, "monthly", price=Decimal(price))
    assert (caught.value.code, caught.value.message) == (code, message)
    sale = caught.value.transaction
    assert sale is not None
    assert (sale.amount, sale.status, sale.subscription_id) == (Decimal(price), status, None)


def test_discounts_lower_the_charge(gateway: PaymentGateway, mirror: PaymentGateway) -> None:
    token = card(gateway)
    sub = gateway.create_subscription(
        token,
        "monthly",
        discounts=[Discount("first-month", Decimal("5.00"), 1), Discount("loyal", Decimal("1.00"))],
    )
    assert sub.transactions[0].amount == Decimal("3.99")
    assert sub.next_bill_amount == Decimal("8.99")  # the one-cycle discount has run out
    assert [d.id for d in sub.discounts] == ["first-month", "loyal"]
    assert mirror.find_subscription(sub.id) == sub


def test_cancel(gateway: PaymentGateway, mirror: PaymentGateway) -> None:
    sub = gateway.create_subscription(card(gateway), "monthly")
    canceled = gateway.cancel_subscription(sub.id)
    assert (canceled.status, canceled.paid_through_date) == ("Canceled", sub.paid_through_date)
    assert mirror.find_subscription(sub.id) == canceled
    with refused("81905"):
        gateway.cancel_subscription(sub.id)
    with refused("81901"):
        gateway.update_subscription(sub.id, price=Decimal("1.00"))


def test_update_subscription(gateway: PaymentGateway, mirror: PaymentGateway) -> None:
    token = card(gateway)
    sub = gateway.create_subscription(token, "monthly")
    updated = gateway.update_subscription(sub.id, price=Decimal("12.50"), plan_id="monthly-plus")
    assert (updated.price, updated.plan_id, updated.next_bill_amount) == (
        Decimal("12.50"),
        "monthly-plus",
        Decimal("12.50"),
    )
    assert len(updated.transactions) == 1  # no proration
    assert mirror.find_subscription(sub.id) == updated
    other = gateway.vault_payment_method("reader-1", "fake-valid-mastercard-nonce")
    moved = gateway.update_subscription(sub.id, payment_method_token=other.token)
    assert moved.payment_method_token == other.token
    with refused("91922"):
        gateway.update_subscription(sub.id, plan_id="annual")
    with refused("91904"):
        gateway.update_subscription(sub.id, plan_id="no-such-plan")
    with refused(NOT_FOUND):
        gateway.update_subscription("nosuch", price=Decimal("1.00"))


def test_deleting_a_method_cancels_its_subscriptions(gateway: PaymentGateway) -> None:
    token = card(gateway)
    sub = gateway.create_subscription(token, "monthly")
    gateway.delete_payment_method(token)
    assert gateway.find_subscription(sub.id).status == "Canceled"


def test_past_due_then_retry(
    gateway: PaymentGateway,
    mirror: PaymentGateway,
    sandbox: SandboxGateway,
    runtime: Runtime,
    clock: FrozenClock,
) -> None:
    good = card(gateway)
    sub = gateway.create_subscription(good, "monthly")
    # A card that declines every charge; vaulted without the check Braintree would run.
    bad = sandbox.vault_payment_method(
        "reader-1", "fake-processor-declined-visa-nonce", verify_card=False
    )
    gateway.update_subscription(sub.id, payment_method_token=bad.token)
    with refused("91531"):
        gateway.retry_charge(sub.id)
    clock.at = clock.at.replace(month=12, day=22)
    bill_due(runtime)
    past_due = gateway.find_subscription(sub.id)
    assert (past_due.status, past_due.failure_count, past_due.balance) == (
        "Past Due",
        1,
        Decimal("9.99"),
    )
    assert past_due.paid_through_date == date(2026, 12, 21)  # still the last paid period
    assert past_due.next_billing_date == date(2027, 1, 22)
    assert past_due.transactions[0].status == "processor_declined"
    assert mirror.find_subscription(sub.id) == past_due

    with pytest.raises(GatewayError) as caught:
        gateway.retry_charge(sub.id)
    assert (caught.value.code, caught.value.message) == ("2000", "Do Not Honor")
    assert gateway.find_subscription(sub.id).failure_count == 2

    gateway.update_subscription(sub.id, payment_method_token=good)
    sale = gateway.retry_charge(sub.id)
    assert (sale.amount, sale.status, sale.subscription_id) == (
        Decimal("9.99"),
        "submitted_for_settlement",
        sub.id,
    )
    active = gateway.find_subscription(sub.id)
    assert (active.status, active.balance, active.failure_count) == ("Active", Decimal("0.00"), 0)
    assert active.paid_through_date == date(2027, 1, 21)
    assert mirror.find_subscription(sub.id) == active
    with refused("91528"):
        gateway.retry_charge("nosuch")


@pytest.mark.parametrize(
    ("amount", "code"), [("0.00", "81531"), ("1.005", "81503"), ("1e12", "81528")]
)
def test_retry_amount_must_be_money(
    gateway: PaymentGateway,
    sandbox: SandboxGateway,
    runtime: Runtime,
    clock: FrozenClock,
    amount: str,
    code: str,
) -> None:
    sub = gateway.create_subscription(card(gateway), "monthly")
    bad = sandbox.vault_payment_method(
        "reader-1", "fake-processor-declined-visa-nonce", verify_card=False
    )
    gateway.update_subscription(sub.id, payment_method_token=bad.token)
    clock.at = clock.at.replace(month=12, day=22)
    bill_due(runtime)
    with refused(code):
        gateway.retry_charge(sub.id, Decimal(amount))


def test_webhooks_cross_verify(gateway: PaymentGateway, mirror: PaymentGateway) -> None:
    sub = gateway.create_subscription(card(gateway), "monthly")
    for kind in ("subscription_went_past_due", "subscription_charged_successfully"):
        sample = gateway.sample_webhook(kind, sub.id)
        for reader in (gateway, mirror):
            parsed = reader.parse_webhook(sample["bt_signature"], sample["bt_payload"])
            assert (parsed.kind, parsed.subscription_id) == (kind, sub.id)
    sample = gateway.sample_webhook("subscription_canceled", sub.id)
    tampered = sample["bt_payload"].replace("A", "B", 1)
    for reader in (gateway, mirror):
        with refused(INVALID_SIGNATURE):
            reader.parse_webhook(sample["bt_signature"], tampered)
        with refused(INVALID_SIGNATURE):
            reader.parse_webhook(
                "other_key|" + sample["bt_signature"].split("|")[1], sample["bt_payload"]
            )
