"""What the Braintree SDK answers, as the gateway interface's plain values (no SDK type leaves).

The SDK's objects are untyped: every value read from one is converted here.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any, cast

from masthead.billing.gateway.interface import (
    GATEWAY_REJECTED,
    CustomerInfo,
    Discount,
    GatewayError,
    PaymentMethodInfo,
    PaymentMethodType,
    SubscriptionInfo,
    SubscriptionStatus,
    TransactionInfo,
    TrialUnit,
    Verification,
    ordered_methods,
)
from masthead.clock import as_utc


def text_or_none(value: Any) -> str | None:
    return None if value is None or value == "" else str(value)


def _i(value: Any) -> int | None:
    return None if value is None or value == "" else int(value)


def _d(value: Any) -> date | None:
    return value if isinstance(value, date) else None


def utc_time(value: Any) -> datetime:
    return as_utc(cast(datetime, value))


def _money(value: Any) -> Decimal:
    return Decimal(str(value)) if value not in (None, "") else Decimal("0.00")


def as_refusal(result: Any) -> GatewayError:
    """A refused result as Braintree reports it: the check or sale behind it, or the first
    validation error."""
    message = str(result.message)
    verification = result.credit_card_verification
    if verification is not None:
        check = Verification(
            status=str(verification.status),
            processor_response_code=text_or_none(verification.processor_response_code) or "",
            processor_response_text=text_or_none(verification.processor_response_text) or "",
            gateway_rejection_reason=text_or_none(
                getattr(verification, "gateway_rejection_reason", None)
            ),
            cvv_response_code=text_or_none(getattr(verification, "cvv_response_code", None)),
        )
        code = GATEWAY_REJECTED if check.gateway_rejection_reason else check.processor_response_code
        return GatewayError(code, message, verification=check)
    if result.transaction is not None:
        sale = as_transaction(result.transaction)
        code = GATEWAY_REJECTED if sale.gateway_rejection_reason else sale.processor_response_code
        return GatewayError(code, message, transaction=sale)
    errors = result.errors.deep_errors
    if not errors:
        return GatewayError("unknown", message)
    first = errors[0]
    return GatewayError(
        str(first.code), str(first.message), attribute=text_or_none(first.attribute) or ""
    )


_METHOD_TYPES: dict[str, PaymentMethodType] = {
    "CreditCard": "CreditCard",
    "PayPalAccount": "PayPalAccount",
    "ApplePayCard": "ApplePay",
    "AndroidPayCard": "GooglePay",
    "VenmoAccount": "VenmoAccount",
}


def as_payment_method(m: Any) -> PaymentMethodInfo:
    kind = _METHOD_TYPES.get(type(m).__name__)
    if kind is None:
        raise GatewayError("unsupported", f"{type(m).__name__} is not a supported payment method")
    billing = getattr(m, "billing_address", None)
    return PaymentMethodInfo(
        token=str(m.token),
        customer_id=str(m.customer_id),
        type=kind,
        default=bool(m.default),
        image_url=str(m.image_url),
        created_at=utc_time(m.created_at),
        card_type=text_or_none(getattr(m, "card_type", None)),
        last_4=text_or_none(getattr(m, "last_4", None)),
        bin=text_or_none(getattr(m, "bin", None)),
        expiration_month=_i(getattr(m, "expiration_month", None)),
        expiration_year=_i(getattr(m, "expiration_year", None)),
        expired=bool(getattr(m, "expired", False)),
        cardholder_name=text_or_none(getattr(m, "cardholder_name", None)),
        billing_postal_code=text_or_none(getattr(billing, "postal_code", None)),
        email=text_or_none(getattr(m, "email", None)),
        username=text_or_none(getattr(m, "username", None)),
        unique_number_identifier=text_or_none(getattr(m, "unique_number_identifier", None)),
    )


def as_customer(c: Any) -> CustomerInfo:
    methods = (as_payment_method(m) for m in c.payment_methods if type(m).__name__ in _METHOD_TYPES)
    return CustomerInfo(
        id=str(c.id),
        email=text_or_none(c.email) or "",
        first_name=text_or_none(c.first_name) or "",
        last_name=text_or_none(c.last_name) or "",
        created_at=utc_time(c.created_at),
        payment_methods=tuple(ordered_methods(methods)),
    )


def as_transaction(t: Any) -> TransactionInfo:
    return TransactionInfo(
        id=str(t.id),
        amount=_money(t.amount),
        status=str(t.status),
        created_at=utc_time(t.created_at),
        processor_response_code=text_or_none(getattr(t, "processor_response_code", None)) or "",
        processor_response_text=text_or_none(getattr(t, "processor_response_text", None)) or "",
        gateway_rejection_reason=text_or_none(getattr(t, "gateway_rejection_reason", None)),
        subscription_id=text_or_none(getattr(t, "subscription_id", None)),
        payment_instrument_type=text_or_none(getattr(t, "payment_instrument_type", None))
        or "credit_card",
        type="credit" if str(getattr(t, "type", "sale")) == "credit" else "sale",
        refund_ids=tuple(str(i) for i in getattr(t, "refund_ids", None) or ()),
        refunded_transaction_id=text_or_none(getattr(t, "refunded_transaction_id", None)),
    )


def as_subscription(s: Any) -> SubscriptionInfo:
    return SubscriptionInfo(
        id=str(s.id),
        status=cast(SubscriptionStatus, str(s.status)),
        plan_id=str(s.plan_id),
        price=_money(s.price),
        payment_method_token=str(s.payment_method_token),
        first_billing_date=cast(date, s.first_billing_date),
        next_billing_date=_d(s.next_billing_date),
        paid_through_date=_d(s.paid_through_date),
        billing_period_start_date=_d(s.billing_period_start_date),
        billing_period_end_date=_d(s.billing_period_end_date),
        billing_day_of_month=int(s.billing_day_of_month),
        current_billing_cycle=int(s.current_billing_cycle or 0),
        number_of_billing_cycles=_i(s.number_of_billing_cycles),
        trial_period=bool(s.trial_period),
        trial_duration=_i(s.trial_duration),
        trial_duration_unit=cast(TrialUnit | None, text_or_none(s.trial_duration_unit)),
        failure_count=int(s.failure_count or 0),
        days_past_due=_i(s.days_past_due),
        balance=_money(s.balance),
        next_bill_amount=_money(s.next_bill_amount),
        created_at=utc_time(s.created_at),
        updated_at=utc_time(s.updated_at),
        discounts=tuple(
            Discount(str(d.id), _money(d.amount), _i(d.number_of_billing_cycles))
            for d in s.discounts
        ),
        transactions=tuple(as_transaction(t) for t in s.transactions),
    )
