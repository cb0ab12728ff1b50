"""Giving a reader a charge back, in full, through the gateway (the staff console's support).

- The charge must be one of the reader's subscriptions' charges (404 charge-not-found), one
  that went through and was for something (409 not-refundable), not given back already (409
  already-refunded). The local copy of the subscription says so without asking the gateway,
  so a second refund of the same charge is refused before any gateway call.
- A settled charge is refunded (the gateway makes a credit); one not settled yet is voided
  instead, as Braintree requires (NOT_SETTLED): either way all of it goes back. A gateway
  that says it was given back already (in Braintree's control panel, or by a refund whose
  answer was lost) is believed: the copy is refreshed and the answer is already-refunded.
- It runs holding the reader's billing claim (changes.serialised), so two refunds of one
  charge at once run one after the other, and the second finds the first one's mark.
- The charge is marked refunded in the local copy, which is then refreshed from the gateway:
  the reader's transaction history shows it refunded.
- A refund does not end the membership (its paid-through date stays): cancel it as well when
  that is what the reader wants.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from sqlalchemy.orm import Session

from masthead.billing.errors import BillingError
from masthead.billing.gateway import (
    ALREADY_REFUNDED,
    CANNOT_VOID,
    NOT_FOUND,
    NOT_SETTLED,
    UNAVAILABLE,
    GatewayError,
    PaymentGateway,
    TransactionInfo,
)
from masthead.billing.memberships import repository
from masthead.billing.memberships.changes import serialised
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import VOIDED, copy_info
from masthead.billing.memberships.retries import PAID
from masthead.deps import Runtime
from masthead.identity.api import Reader

log = logging.getLogger(__name__)

How = Literal["refunded", "voided"]
UNANSWERED = (
    "The payment processor did not answer, so the charge may not have been refunded yet. "
    "Try again in a moment: a charge is never refunded twice."
)


@dataclass(frozen=True)
class Refund:
    transaction_id: str
    subscription_id: str
    amount: Decimal
    how: How  # refunded (a credit) or voided (before it settled)
    refund_id: str | None  # the credit's id, when refunded


def charge_of(db: Session, user_id: int, transaction_id: str) -> dict[str, Any] | None:
    """The reader's charge as their subscription's copy lists it, if it is theirs."""
    found = _find(db, user_id, transaction_id)
    return None if found is None else dict(found[1])


def refund_charge(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, transaction_id: str
) -> Refund:
    if _find(db, reader.user_id, transaction_id) is None:  # before waiting for the claim
        raise _not_found(transaction_id)

    def work() -> Refund:
        found = _find(db, reader.user_id, transaction_id)
        if found is None:
            raise _not_found(transaction_id)
        row, charge = found
        _check(charge)
        try:
            how, answer = _give_back(gw, transaction_id)
        except GatewayError as exc:
            if exc.code == ALREADY_REFUNDED:
                _mark(row, transaction_id)
                _refresh(gw, row)
                db.commit()  # the copy now says what the gateway says; the refusal stands
                raise _already() from None
            raise _refusal(exc) from None
        _mark(row, transaction_id)
        _refresh(gw, row)
        return Refund(
            transaction_id=transaction_id,
            subscription_id=row.id,
            amount=Decimal(str(charge["amount"])),
            how=how,
            refund_id=answer.id if how == "refunded" else None,
        )

    return serialised(db, rt, reader, work)


def _find(
    db: Session, user_id: int, transaction_id: str
) -> tuple[BillingSubscription, dict[str, Any]] | None:
    for row in repository.subscriptions_of(db, user_id):
        for charge in row.transactions or []:
            if charge.get("id") == transaction_id:
                return row, charge
    return None


def _check(charge: dict[str, Any]) -> None:
    if charge.get("refunded"):
        raise _already()
    status = str(charge.get("status", ""))
    if status not in PAID:
        raise BillingError(
            "not-refundable",
            f"This charge did not go through ({status.replace('_', ' ')}): "
            "there is nothing to refund.",
        )
    if Decimal(str(charge.get("amount", "0"))) <= 0:
        raise BillingError(
            "not-refundable", "This charge was for nothing: there is nothing to refund."
        )


def _give_back(gw: PaymentGateway, transaction_id: str) -> tuple[How, TransactionInfo]:
    """Refund it if it has settled, else void it; ALREADY_REFUNDED when it is given back."""
    try:
        return "refunded", gw.refund_transaction(transaction_id)
    except GatewayError as exc:
        if exc.code != NOT_SETTLED:
            raise
    try:
        return "voided", gw.void_transaction(transaction_id)
    except GatewayError as exc:
        if exc.code != CANNOT_VOID:
            raise
    # Neither: voided already (an earlier answer lost on the way), or it began settling
    # between the two calls, when it can be refunded now.
    if gw.find_transaction(transaction_id).status == VOIDED:
        raise GatewayError(ALREADY_REFUNDED, "The charge was voided already.")
    return "refunded", gw.refund_transaction(transaction_id)


def _mark(row: BillingSubscription, transaction_id: str) -> None:
    """Mark the charge in the copy at once: a refresh that fails must not allow a second
    refund (a new list, so the JSON column sees the change)."""
    row.transactions = [
        {**t, "refunded": True} if t.get("id") == transaction_id else t
        for t in row.transactions or []
    ]


def _refresh(gw: PaymentGateway, row: BillingSubscription) -> None:
    try:
        copy_info(row, gw.find_subscription(row.id))
    except GatewayError as exc:  # the mark stands; the next webhook refreshes the rest
        log.warning("subscription %s not refreshed after a refund: %s", row.id, exc)


def _not_found(transaction_id: str) -> BillingError:
    return BillingError("charge-not-found", f"This reader has no charge {transaction_id[:64]!r}.")


def _already() -> BillingError:
    return BillingError("already-refunded", "This charge has been refunded already.")


def _refusal(exc: GatewayError) -> BillingError:
    if exc.code == NOT_FOUND:
        return BillingError("charge-not-found", "The payment processor has no such charge.")
    if exc.code == UNAVAILABLE:
        return BillingError("payment-unavailable", UNANSWERED)
    return BillingError("not-refundable", f"The payment processor refused: {exc.message}")
