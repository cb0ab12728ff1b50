"""Nonces for PayPal, Google Pay and Apple Pay, made as Braintree's client API makes them.

The page's wallet sheet (the sandbox's stand-in for PayPal's window and the Google Pay and
Apple Pay sheets) posts the reader's approval to the client API path of that wallet, as
braintree-web's components do after their own window; the answer is a single-use nonce of the
wallet's kind, with the details Braintree's client API gives (the PayPal payer's email, the
card type and last digits of a wallet card). Vaulting it makes a PayPalAccount, a GooglePay
card or an ApplePay card, never a plain credit card.
"""

from __future__ import annotations

import uuid
from typing import Any

from masthead.braintree_sandbox import catalog
from masthead.braintree_sandbox.context import Ctx
from masthead.braintree_sandbox.models import SandboxNonce

# client API path -> (the answer's list key, the nonce's type there, the request body's key)
WALLET_PATHS: dict[str, tuple[str, str, str]] = {
    "paypal_accounts": ("paypalAccounts", "PayPalAccount", "paypalAccount"),
    "android_pay_cards": ("androidPayCards", "AndroidPayCard", "androidPayCard"),
    "apple_pay_cards": ("applePayCards", "ApplePayCard", "applePayCard"),
}


def tokenize_wallet(ctx: Ctx, path: str) -> SandboxNonce:
    """A single-use nonce for the sandbox's account of the wallet posted to `path`."""
    account = catalog.WALLET_ACCOUNTS[path]
    year = None if account.expires_in_years is None else ctx.today.year + account.expires_in_years
    row = SandboxNonce(
        nonce=str(uuid.uuid4()),
        kind=account.kind,
        card_type=account.card_type,
        bin=account.bin,
        last_4=account.last_4,
        expiration_month=None if year is None else 12,
        expiration_year=year,
        email=account.email,
        behaviour="",
        created_at=ctx.now,
    )
    ctx.db.add(row)
    return row


def client_answer(path: str, row: SandboxNonce) -> dict[str, Any]:
    """Braintree's client API answer: the nonce, its type, and what the wallet says of it."""
    key, kind, _ = WALLET_PATHS[path]
    if row.kind == "PayPalAccount":
        details: dict[str, Any] = {"email": row.email, "payerInfo": {"email": row.email}}
        description = row.email or "PayPal"
    else:
        # Apple Pay's card type is the plain network here ("Visa"), as braintree-web reports it.
        network = (row.card_type or "").removeprefix("Apple Pay - ")
        last_4 = row.last_4 or ""
        details = {"cardType": network, "lastFour": last_4, "lastTwo": last_4[-2:]}
        description = f"{network} ending in {last_4}"
    return {
        key: [{"nonce": row.nonce, "type": kind, "description": description, "details": details}]
    }
