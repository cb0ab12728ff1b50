"""Sandbox rows as the gateway's plain dataclasses."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import date, timedelta
from decimal import Decimal
from typing import cast

from masthead.billing.api import (
    CustomerInfo,
    Discount,
    PaymentMethodInfo,
    PaymentMethodType,
    SubscriptionInfo,
    SubscriptionStatus,
    TransactionInfo,
    TrialUnit,
    ordered_methods,
)
from masthead.braintree_sandbox import repository
from masthead.braintree_sandbox.catalog import image_slug
from masthead.braintree_sandbox.context import Ctx
from masthead.braintree_sandbox.models import (
    CardFields,
    SandboxCustomer,
    SandboxDiscount,
    SandboxPaymentMethod,
    SandboxSubscription,
    SandboxTransaction,
)

LOGO_PATH = "/braintree-sandbox/payment_method_logo"  # served by the wire router


def expired(card: CardFields, today: date) -> bool:
    """A card works through the last day of its expiration month."""
    if card.expiration_year is None or card.expiration_month is None:
        return False
    return (card.expiration_year, card.expiration_month) < (today.year, today.month)


def payment_method(row: SandboxPaymentMethod, today: date) -> PaymentMethodInfo:
    return PaymentMethodInfo(
        token=row.token,
        customer_id=row.customer_id,
        type=cast(PaymentMethodType, row.kind),
        default=row.is_default,
        image_url=f"{LOGO_PATH}/{image_slug(row.kind, row.card_type)}.svg",
        created_at=row.created_at,
        card_type=row.card_type,
        last_4=row.last_4,
        bin=row.bin,
        expiration_month=row.expiration_month,
        expiration_year=row.expiration_year,
        expired=expired(row, today),
        cardholder_name=row.cardholder_name,
        billing_postal_code=row.billing_postal_code,
        email=row.email,
        username=row.username,
        unique_number_identifier=number_fingerprint(row),
    )


def number_fingerprint(row: SandboxPaymentMethod) -> str | None:
    """Braintree's unique_number_identifier of a credit card. The sandbox keeps a card's first
    six and last four digits only, which tell its accepted test numbers apart."""
    if row.kind != "CreditCard" or not row.bin or not row.last_4:
        return None
    return hashlib.sha256(f"{row.bin}:{row.last_4}".encode()).hexdigest()[:32]


def customer(ctx: Ctx, row: SandboxCustomer) -> CustomerInfo:
    methods = repository.payment_methods(ctx.db, row.id)
    return CustomerInfo(
        id=row.id,
        email=row.email,
        first_name=row.first_name,
        last_name=row.last_name,
        created_at=row.created_at,
        payment_methods=tuple(ordered_methods(payment_method(m, ctx.today) for m in methods)),
    )


def transaction(row: SandboxTransaction) -> TransactionInfo:
    return TransactionInfo(
        id=row.id,
        amount=row.amount,
        status=row.status,
        created_at=row.created_at,
        processor_response_code=row.processor_response_code,
        processor_response_text=row.processor_response_text,
        gateway_rejection_reason=row.gateway_rejection_reason,
        subscription_id=row.subscription_id,
        payment_instrument_type=row.payment_instrument_type,
        type="credit" if row.kind == "credit" else "sale",
        refund_ids=tuple(row.refund_ids or ()),
        refunded_transaction_id=row.refunded_transaction_id,
    )


def discount_total(discounts: Iterable[Discount | SandboxDiscount], cycle: int) -> Decimal:
    """What the discounts take off the charge of billing cycle `cycle` (1-based)."""
    total = Decimal("0.00")
    for d in discounts:
        first = getattr(d, "first_cycle", 1)  # a Discount being created starts at cycle 1
        cycles = d.number_of_billing_cycles
        if cycle >= first and (cycles is None or cycle < first + cycles):
            total += d.amount
    return total


def cycle_amount(ctx: Ctx, sub: SandboxSubscription, cycle: int) -> Decimal:
    """The price of billing cycle `cycle` after discounts, never below zero."""
    off = discount_total(ctx.discounts(sub.id), cycle)
    return max(sub.price - off, Decimal("0.00"))


def days_past_due(sub: SandboxSubscription, today: date) -> int | None:
    if sub.status != "Past Due":
        return None
    due_since = (
        sub.paid_through_date + timedelta(days=1)
        if sub.paid_through_date
        else sub.first_billing_date
    )
    return max((today - due_since).days, 0)


def subscription(ctx: Ctx, sub: SandboxSubscription) -> SubscriptionInfo:
    discounts = ctx.discounts(sub.id)
    return SubscriptionInfo(
        id=sub.id,
        status=cast(SubscriptionStatus, sub.status),
        plan_id=sub.plan_id,
        price=sub.price,
        payment_method_token=sub.payment_method_token,
        first_billing_date=sub.first_billing_date,
        next_billing_date=sub.next_billing_date,
        paid_through_date=sub.paid_through_date,
        billing_period_start_date=sub.billing_period_start_date,
        billing_period_end_date=sub.billing_period_end_date,
        billing_day_of_month=sub.billing_day_of_month,
        current_billing_cycle=sub.current_billing_cycle,
        number_of_billing_cycles=sub.number_of_billing_cycles,
        trial_period=sub.trial_period,
        trial_duration=sub.trial_duration,
        trial_duration_unit=cast(TrialUnit | None, sub.trial_duration_unit),
        failure_count=sub.failure_count,
        days_past_due=days_past_due(sub, ctx.today),
        balance=sub.balance,
        next_bill_amount=cycle_amount(ctx, sub, sub.current_billing_cycle + 1) + sub.balance,
        created_at=sub.created_at,
        updated_at=sub.updated_at,
        discounts=tuple(
            Discount(d.discount_id, d.amount, d.number_of_billing_cycles) for d in discounts
        ),
        transactions=tuple(transaction(t) for t in ctx.transactions(sub.id)),
    )
