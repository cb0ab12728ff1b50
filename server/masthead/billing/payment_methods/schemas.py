"""Wire shapes of the card form token and the payment-method calls."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class TokenOut(BaseModel):
    token: str = Field(description="Client token for Braintree's card form (drop-in, hosted).")


class PaymentMethodOut(BaseModel):
    token: str
    type: Literal["CreditCard", "PayPalAccount", "GooglePay", "ApplePay", "VenmoAccount"]
    card_type: str | None
    last_4: str | None
    expiration_month: int | None
    expiration_year: int | None
    default: bool
    has_active_subscription: bool
    expired: bool
    expiring_soon: bool = Field(description="Expires at the end of this month or the next.")
    image: str
    email: str | None = Field(
        default=None, description="A PayPal account's email, which names it; null otherwise."
    )


def expiration_text(method: PaymentMethodOut) -> str | None:
    """The card's expiry as staff and the reader's data file write it: "MM/YYYY"."""
    if not (method.expiration_month and method.expiration_year):
        return None
    return f"{method.expiration_month:02d}/{method.expiration_year}"


class NewPaymentMethod(BaseModel):
    payment_method_nonce: str = Field(min_length=1, max_length=4096)


class DefaultPaymentMethod(BaseModel):
    payment_method_token: str = Field(min_length=1, max_length=64)
