"""A vaulted payment method as the payment-method calls answer it (no I/O)."""

from __future__ import annotations

from datetime import date

from masthead.billing.gateway import (
    PaymentMethodInfo,
)
from masthead.billing.payment_methods.schemas import PaymentMethodOut


def _months(year: int, month: int) -> int:
    return year * 12 + month


def payment_method_out(method: PaymentMethodInfo, today: date, in_use: bool) -> PaymentMethodOut:
    soon = False
    if method.expiration_year and method.expiration_month and not method.expired:
        left = _months(method.expiration_year, method.expiration_month) - _months(
            today.year, today.month
        )
        soon = 0 <= left <= 1
    return PaymentMethodOut(
        token=method.token,
        type=method.type,
        card_type=method.card_type,
        last_4=method.last_4,
        expiration_month=method.expiration_month,
        expiration_year=method.expiration_year,
        default=method.default,
        has_active_subscription=in_use,
        expired=method.expired,
        expiring_soon=soon,
        image=method.image_url,
        email=method.email,  # the PayPal account's, which names it
    )
