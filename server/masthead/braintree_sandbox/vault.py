"""Customers, nonces and vaulted payment methods, with Braintree's rules and error codes."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any

from masthead.billing.api import GATEWAY_REJECTED, NOT_FOUND, GatewayError, Verification
from masthead.braintree_sandbox import catalog, cvv, repository
from masthead.braintree_sandbox.context import Ctx
from masthead.braintree_sandbox.models import (
    SandboxCustomer,
    SandboxNonce,
    SandboxPaymentMethod,
)

NONCE_LIFETIME = timedelta(hours=3)  # Braintree's nonces expire after three hours
CUSTOMER_ID = re.compile(r"^[A-Za-z0-9_-]{1,36}$")
CARD_COLUMNS = (
    "kind",
    "card_type",
    "bin",
    "last_4",
    "expiration_month",
    "expiration_year",
    "cardholder_name",
    "billing_postal_code",
    "email",
    "username",
    "behaviour",
)


def not_found(what: str, key: str) -> GatewayError:
    return GatewayError(NOT_FOUND, f"{what} with id {key!r} not found")


def create_customer(
    ctx: Ctx, customer_id: str, email: str, first_name: str, last_name: str
) -> SandboxCustomer:
    if not CUSTOMER_ID.match(customer_id):
        raise GatewayError("91610", "Customer ID is invalid.", scope="customer", attribute="id")
    if repository.customer(ctx.db, customer_id) is not None:
        raise GatewayError(
            "91609", "Customer ID has already been taken.", scope="customer", attribute="id"
        )
    row = SandboxCustomer(
        id=customer_id,
        email=email[:255],
        first_name=first_name[:255],
        last_name=last_name[:255],
        created_at=ctx.now,
    )
    ctx.db.add(row)
    ctx.db.flush()
    return row


def get_customer(ctx: Ctx, customer_id: str) -> SandboxCustomer:
    row = repository.customer(ctx.db, customer_id)
    if row is None:
        raise not_found("customer", customer_id)
    return row


def get_method(ctx: Ctx, token: str, lock: bool = False) -> SandboxPaymentMethod:
    row = repository.payment_method(ctx.db, token, lock)
    if row is None:
        raise not_found("payment method", token)
    return row


def _nonce_error(code: str, message: str) -> GatewayError:
    return GatewayError(code, message, scope="payment_method", attribute="payment_method_nonce")


def consume_nonce(ctx: Ctx, value: str) -> dict[str, Any]:
    """The card fields a nonce stands for; a tokenised nonce is used up by this call."""
    if value == catalog.CONSUMED_NONCE:
        raise _nonce_error("93107", "Cannot use a payment_method_nonce more than once.")
    if value == catalog.LUHN_INVALID_NONCE:
        raise GatewayError(
            "81715", "Credit card number is invalid.", scope="credit_card", attribute="number"
        )
    if value == catalog.ONE_TIME_PAYPAL_NONCE:
        raise GatewayError(
            "82902", "Cannot vault one-time use PayPal Account.", scope="paypal_account"
        )
    fake = catalog.FAKE_NONCES.get(value)
    if fake is not None:  # the sandbox's fixed nonces may be used any number of times
        year = None if fake.expires_in_years is None else ctx.today.year + fake.expires_in_years
        return {
            "kind": fake.kind,
            "card_type": fake.card_type,
            "bin": fake.bin,
            "last_4": fake.last_4,
            "expiration_month": None if year is None else 12,
            "expiration_year": year,
            "cardholder_name": None,
            "billing_postal_code": None,
            "email": fake.email,
            "username": fake.username,
            "behaviour": fake.behaviour,
        }
    row = repository.nonce(ctx.db, value)
    if row is None or row.created_at + NONCE_LIFETIME < ctx.now:
        raise _nonce_error("93108", "Unknown or expired payment_method_nonce.")
    if row.consumed_at is not None:
        raise _nonce_error("93107", "Cannot use a payment_method_nonce more than once.")
    row.consumed_at = ctx.now
    return {column: getattr(row, column) for column in CARD_COLUMNS}


def verify(card: dict[str, Any], cvv_code: str | None = None) -> GatewayError | None:
    """Braintree verifies cards before vaulting them; PayPal and wallets are not verified.

    The processor answers first (a declined card stays declined whatever its CVV); then the
    merchant's CVV rules look at the CVV's answer, when the verification had a CVV.
    """
    if card["kind"] != "CreditCard":
        return None
    outcome = catalog.outcome_for_behaviour(cvv.card_behaviour(card["behaviour"]))
    if not outcome.approved:
        return GatewayError(
            outcome.code or outcome.status,
            outcome.message,
            verification=Verification(
                outcome.status,
                outcome.code,
                outcome.text,
                outcome.gateway_rejection_reason,
                cvv_code,
            ),
        )
    if cvv_code in cvv.REJECTED:
        return GatewayError(
            GATEWAY_REJECTED,
            f"Gateway Rejected: {cvv.REJECTION_REASON}",
            verification=Verification(
                "gateway_rejected", outcome.code, outcome.text, cvv.REJECTION_REASON, cvv_code
            ),
        )
    return None


def _card_fields(card: dict[str, Any]) -> dict[str, Any]:
    """A nonce's fields as a vaulted card keeps them: no CVV answer."""
    return {**card, "behaviour": cvv.card_behaviour(card["behaviour"])}


def vault(
    ctx: Ctx, customer_id: str, nonce: str, make_default: bool, verify_card: bool
) -> SandboxPaymentMethod | GatewayError:
    """Vault a nonce; a failed verification is returned so the used nonce stays used."""
    if repository.customer(ctx.db, customer_id) is None:
        raise GatewayError(
            "93105", "Customer ID is invalid.", scope="payment_method", attribute="customer_id"
        )
    card = consume_nonce(ctx, nonce)
    if card["kind"] == cvv.CVV_ONLY:  # a CVV alone is no card to keep
        raise GatewayError(
            "81714", "Credit card number is required.", scope="credit_card", attribute="number"
        )
    refusal = verify(card, cvv.code_of(card["behaviour"])) if verify_card else None
    if refusal is not None:
        return refusal
    existing = repository.payment_methods(ctx.db, customer_id)
    row = SandboxPaymentMethod(
        token=repository.new_id(8),
        customer_id=customer_id,
        is_default=not existing,
        created_at=ctx.now,
        updated_at=ctx.now,
        **_card_fields(card),
    )
    ctx.db.add(row)
    if make_default:
        _make_default(ctx, row)
    ctx.db.flush()
    return row


def _make_default(ctx: Ctx, row: SandboxPaymentMethod) -> None:
    for other in repository.payment_methods(ctx.db, row.customer_id):
        other.is_default = other.token == row.token
    row.is_default = True
    row.updated_at = ctx.now


def make_default(ctx: Ctx, token: str) -> SandboxPaymentMethod:
    row = get_method(ctx, token, lock=True)
    _make_default(ctx, row)
    ctx.db.flush()
    return row


def update(
    ctx: Ctx,
    token: str,
    *,
    nonce: str | None,
    expiration_date: str | None,
    billing_postal_code: str | None,
    cardholder_name: str | None,
    make_default: bool,
    verify_card: bool,
) -> SandboxPaymentMethod | GatewayError:
    row = get_method(ctx, token, lock=True)
    if nonce is not None:
        card = consume_nonce(ctx, nonce)
        if row.kind != "CreditCard" or card["kind"] not in ("CreditCard", cvv.CVV_ONLY):
            raise GatewayError(
                "91735",
                "Only a credit card can be updated, and only with a credit card nonce.",
                scope="credit_card",
                attribute="payment_method_nonce",
            )
        cvv_code = cvv.code_of(card["behaviour"])
        if card["kind"] == cvv.CVV_ONLY:
            # Re-verifying a vaulted card with its CVV: the card is checked, nothing changes.
            vaulted = {column: getattr(row, column) for column in CARD_COLUMNS}
            refusal = verify(vaulted, cvv_code) if verify_card else None
            if refusal is not None:
                return refusal
        else:
            refusal = verify(card, cvv_code) if verify_card else None
            if refusal is not None:
                return refusal
            for column, value in _card_fields(card).items():
                if column not in ("billing_postal_code", "cardholder_name") or value:
                    setattr(row, column, value)
    if expiration_date is not None:
        row.expiration_month, row.expiration_year = parse_expiration(expiration_date)
    if billing_postal_code is not None:
        row.billing_postal_code = check_postal_code(billing_postal_code)
    if cardholder_name is not None:
        row.cardholder_name = cardholder_name[:255]
    row.updated_at = ctx.now
    if make_default:
        _make_default(ctx, row)
    ctx.db.flush()
    return row


def delete(ctx: Ctx, token: str) -> SandboxPaymentMethod:
    """Remove a method; a default's place goes to the newest remaining one."""
    row = get_method(ctx, token, lock=True)
    ctx.db.delete(row)
    ctx.db.flush()
    remaining = repository.payment_methods(ctx.db, row.customer_id)
    if row.is_default and remaining and not any(m.is_default for m in remaining):
        remaining[0].is_default = True
    return row


def parse_expiration(value: str) -> tuple[int, int]:
    """'MM/YY' or 'MM/YYYY' as (month, four-digit year)."""
    match = re.fullmatch(r"\s*(\d{1,2})\s*/\s*(\d{2}|\d{4})\s*", value)
    if match is None or not 1 <= int(match.group(1)) <= 12:
        raise GatewayError(
            "81710", "Expiration date is invalid.", scope="credit_card", attribute="expiration_date"
        )
    year = int(match.group(2))
    return int(match.group(1)), year + 2000 if year < 100 else year


def check_postal_code(value: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9 -]{1,9}", value.strip()):
        raise GatewayError(
            "81813",
            "Postal code can only contain letters, numbers, spaces, and hyphens.",
            scope="billing_address",
            attribute="postal_code",
        )
    return value.strip()


def tokenize_card(
    ctx: Ctx,
    number: str,
    expiration: str,
    cvv_value: str,
    postal_code: str | None = None,
    cardholder_name: str | None = None,
) -> str:
    """A single-use nonce for a test card, refused as Braintree's card form refuses it.

    The nonce remembers the CVV's answer (not the CVV) for the verification that vaults it;
    a card that the processor declines keeps its own behaviour, which is answered first.
    """
    digits = re.sub(r"[\s-]", "", number)
    if not catalog.luhn_valid(digits):
        raise GatewayError(
            "81715", "Credit card number is invalid.", scope="credit_card", attribute="number"
        )
    card = catalog.TEST_CARDS.get(digits)
    if card is None:
        raise GatewayError(
            "81717",
            "Credit card number is not an accepted test number.",
            scope="credit_card",
            attribute="number",
        )
    month, year = parse_expiration(expiration)
    if (year, month) < (ctx.today.year, ctx.today.month):
        raise GatewayError(
            "81710", "Expiration date is invalid.", scope="credit_card", attribute="expiration_date"
        )
    if not cvv_value.isdigit() or len(cvv_value) != (
        4 if card.card_type == "American Express" else 3
    ):
        raise GatewayError(
            "81707",
            "CVV must be 4 digits for American Express and 3 digits for other card types.",
            scope="credit_card",
            attribute="cvv",
        )
    row = SandboxNonce(
        nonce=str(uuid.uuid4()),
        kind="CreditCard",
        card_type=card.card_type,
        bin=card.bin,
        last_4=card.last_4,
        expiration_month=month,
        expiration_year=year,
        cardholder_name=(cardholder_name or "").strip()[:255] or None,
        billing_postal_code=check_postal_code(postal_code) if postal_code else None,
        behaviour=card.behaviour or cvv.tag(cvv.response_code(cvv_value)),
        created_at=ctx.now,
    )
    ctx.db.add(row)
    return row.nonce


def tokenize_cvv(ctx: Ctx, cvv_value: str) -> str:
    """A single-use nonce holding only a CVV (Braintree's CVV-only hosted field), for
    re-verifying a vaulted card by updating it with this nonce and verify_card."""
    if not cvv.well_formed(cvv_value):
        raise GatewayError(
            "81707",
            "CVV must be 4 digits for American Express and 3 digits for other card types.",
            scope="credit_card",
            attribute="cvv",
        )
    row = SandboxNonce(
        nonce=str(uuid.uuid4()),
        kind=cvv.CVV_ONLY,
        behaviour=cvv.tag(cvv.response_code(cvv_value)),
        created_at=ctx.now,
    )
    ctx.db.add(row)
    return row.nonce
