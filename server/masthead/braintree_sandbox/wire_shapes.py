"""The gateway's dataclasses in Braintree's response shapes (fed to wire_xml.render)."""

from __future__ import annotations

from typing import Any

from masthead.billing.api import (
    CustomerInfo,
    GatewayError,
    PaymentMethodInfo,
    SubscriptionInfo,
    TransactionInfo,
    Verification,
)
from masthead.braintree_sandbox.wire_xml import Array, Node

MERCHANT_ACCOUNT_ID = "masthead_sandbox_usd"

# PaymentMethodType -> (root element of one method, the customer's array of them)
METHOD_ELEMENTS = {
    "CreditCard": ("credit_card", "credit_cards"),
    "PayPalAccount": ("paypal_account", "paypal_accounts"),
    "ApplePay": ("apple_pay_card", "apple_pay_cards"),
    "GooglePay": ("android_pay_card", "android_pay_cards"),
    "VenmoAccount": ("venmo_account", "venmo_accounts"),
}


def _month(value: int | None) -> str | None:
    return None if value is None else f"{value:02d}"


def _year(value: int | None) -> str | None:
    return None if value is None else str(value)


def payment_method(m: PaymentMethodInfo) -> tuple[str, dict[str, Node]]:
    """The root element name and body Braintree uses for this kind of method."""
    common: dict[str, Node] = {
        "token": m.token,
        "customer_id": m.customer_id,
        "default": m.default,
        "image_url": m.image_url,
        "created_at": m.created_at,
        "updated_at": m.created_at,
        "subscriptions": Array("subscription", []),
    }
    card: dict[str, Node] = {
        "expiration_month": _month(m.expiration_month),
        "expiration_year": _year(m.expiration_year),
        "expired": m.expired,
    }
    body: dict[str, Node]
    if m.type == "CreditCard":
        body = {
            **common,
            **card,
            "card_type": m.card_type,
            "bin": m.bin,
            "last_4": m.last_4,
            "unique_number_identifier": m.unique_number_identifier,
            "cardholder_name": m.cardholder_name,
            "billing_address": {"postal_code": m.billing_postal_code},
        }
    elif m.type == "PayPalAccount":
        body = {**common, "email": m.email}
    elif m.type == "ApplePay":
        body = {**common, **card, "card_type": m.card_type, "last_4": m.last_4, "bin": m.bin}
    elif m.type == "GooglePay":
        body = {
            **common,
            **card,
            "virtual_card_type": m.card_type,
            "virtual_card_last_4": m.last_4,
            "source_card_type": m.card_type,
            "source_card_last_4": m.last_4,
            "bin": m.bin,
        }
    else:
        body = {**common, "username": m.username, "venmo_user_id": m.username}
    return METHOD_ELEMENTS[m.type][0], body


def customer(c: CustomerInfo) -> dict[str, Node]:
    body: dict[str, Node] = {
        "id": c.id,
        "email": c.email,
        "first_name": c.first_name,
        "last_name": c.last_name,
        "created_at": c.created_at,
        "updated_at": c.created_at,
        "addresses": Array("address", []),
    }
    for kind, (item, plural) in METHOD_ELEMENTS.items():
        body[plural] = Array(
            item, [payment_method(m)[1] for m in c.payment_methods if m.type == kind]
        )
    return body


def transaction(t: TransactionInfo) -> dict[str, Node]:
    return {
        "id": t.id,
        "type": t.type,
        "status": t.status,
        "amount": t.amount,
        "currency_iso_code": "USD",
        "merchant_account_id": MERCHANT_ACCOUNT_ID,
        "subscription_id": t.subscription_id,
        "processor_response_code": t.processor_response_code,
        "processor_response_text": t.processor_response_text,
        "processor_authorization_code": t.id[:6] if t.succeeded else None,
        "gateway_rejection_reason": t.gateway_rejection_reason,
        "payment_instrument_type": t.payment_instrument_type,
        "created_at": t.created_at,
        "updated_at": t.created_at,
        "refund_ids": Array("item", list(t.refund_ids)),
        "refunded_transaction_id": t.refunded_transaction_id,
    }


def subscription(s: SubscriptionInfo) -> dict[str, Node]:
    return {
        "id": s.id,
        "status": s.status,
        "plan_id": s.plan_id,
        "price": s.price,
        "balance": s.balance,
        "payment_method_token": s.payment_method_token,
        "merchant_account_id": MERCHANT_ACCOUNT_ID,
        "first_billing_date": s.first_billing_date,
        "next_billing_date": s.next_billing_date,
        "paid_through_date": s.paid_through_date,
        "billing_period_start_date": s.billing_period_start_date,
        "billing_period_end_date": s.billing_period_end_date,
        "billing_day_of_month": s.billing_day_of_month,
        "current_billing_cycle": s.current_billing_cycle,
        "number_of_billing_cycles": s.number_of_billing_cycles,
        "never_expires": s.number_of_billing_cycles is None,
        "trial_period": s.trial_period,
        "trial_duration": s.trial_duration,
        "trial_duration_unit": s.trial_duration_unit,
        "failure_count": s.failure_count,
        "days_past_due": s.days_past_due,
        "next_bill_amount": s.next_bill_amount,
        "next_billing_period_amount": s.next_bill_amount - s.balance,
        "created_at": s.created_at,
        "updated_at": s.updated_at,
        "add_ons": Array("add_on", []),
        "discounts": Array(
            "discount",
            [
                {
                    "id": d.id,
                    "amount": d.amount,
                    "quantity": 1,
                    "number_of_billing_cycles": d.number_of_billing_cycles,
                    "never_expires": d.number_of_billing_cycles is None,
                }
                for d in s.discounts
            ],
        ),
        "transactions": Array("transaction", [transaction(t) for t in s.transactions]),
    }


def verification(v: Verification) -> dict[str, Node]:
    return {
        "status": v.status,
        "processor_response_code": v.processor_response_code,
        "processor_response_text": v.processor_response_text,
        "gateway_rejection_reason": v.gateway_rejection_reason,
        "cvv_response_code": v.cvv_response_code,
        "currency_iso_code": "USD",
        "merchant_account_id": MERCHANT_ACCOUNT_ID,
    }


def api_error(error: GatewayError, request_scope: str) -> dict[str, Node]:
    """Braintree's <api-error-response>: errors nested under the object they belong to."""
    errors: dict[str, Any] = {"errors": Array("error", [])}
    if not (error.verification or error.transaction):
        item = {
            "code": error.code,
            "attribute": error.attribute or "base",
            "message": error.message,
        }
        errors[error.scope or request_scope] = {"errors": Array("error", [item])}
    body: dict[str, Node] = {"errors": errors, "message": error.message}
    if error.verification:
        body["verification"] = verification(error.verification)
    if error.transaction:
        body["transaction"] = transaction(error.transaction)
    return body
