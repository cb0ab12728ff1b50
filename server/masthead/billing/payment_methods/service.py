"""The reader's gateway customer, the card form's client token and the vaulted payment
methods: list, add, replace or re-verify, make default, remove.

Gateway calls first, then the writes in the request's session (see memberships/service.py).
"""

from __future__ import annotations

import logging

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.billing.errors import BillingError, from_gateway
from masthead.billing.gateway import (
    CVV_REJECTION_REASON,
    NOT_FOUND,
    GatewayError,
    PaymentGateway,
    PaymentMethodInfo,
    SubscriptionInfo,
    ordered_methods,
)
from masthead.billing.memberships import repository, sync
from masthead.billing.memberships.models import BillingCustomer, BillingSubscription
from masthead.billing.memberships.normalise import (
    copy_info,
)
from masthead.billing.memberships.service import LIVE
from masthead.billing.payment_methods.schemas import PaymentMethodOut
from masthead.billing.payment_methods.wire import payment_method_out
from masthead.deps import Runtime
from masthead.identity.api import LOG_LENGTH, Reader, read_profile

log = logging.getLogger(__name__)


CUSTOMER_TAKEN = "91609"  # Braintree: Customer ID has already been taken


UPDATE_LOG = "payment-method-update-log"


EDIT_LOG = "payment-method-edit-log"


IN_USE_MESSAGE = (
    "This payment method pays for your membership. Add another payment method before "
    "removing this one."
)


# A card refused by the CVV rules: Braintree says only "Gateway Rejected: cvv", and its
# cvv_response_code says why (N: does not match, U: not verified by the bank).
CVV_MESSAGES = {
    "N": "The CVV does not match this card. Check the 3- or 4-digit security code and try again.",
    "U": "Your card's bank could not verify the CVV. Please try again, or add another card.",
}


CVV_NOT_VERIFIED = "The CVV could not be verified. Please try again, or add another card."


def ensure_customer(db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader) -> str:
    """The reader's gateway customer id, creating the customer on first use.

    The id is the reader's tracking id (stable, never the email). The local record is
    committed on its own: the gateway customer exists from now on, whatever the request does.
    """
    row = repository.customer(db, reader.user_id)
    if row is not None:
        return row.customer_id
    customer_id = reader.tracking_id
    name = str(read_profile(reader.attributes).get("full-name") or "")
    try:
        gw.create_customer(customer_id, reader.email, name)
    except GatewayError as exc:
        if exc.code != CUSTOMER_TAKEN:  # taken: a concurrent first call created it
            raise from_gateway(exc) from exc
    try:
        with rt.sessions.begin() as own:
            if repository.customer(own, reader.user_id) is None:
                own.add(
                    BillingCustomer(
                        user_id=reader.user_id,
                        customer_id=customer_id,
                        created_at=rt.clock.now(),
                    )
                )
    except IntegrityError:
        log.info("gateway customer of reader %s recorded concurrently", reader.user_id)
    return customer_id


def client_token(db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader) -> str:
    customer_id = ensure_customer(db, rt, gw, reader)
    try:
        return gw.client_token(customer_id)
    except GatewayError as exc:
        raise from_gateway(exc) from exc


def _methods_in_use(db: Session, user_id: int) -> set[str]:
    return {
        row.payment_method_token
        for row in repository.subscriptions_of(db, user_id)
        if row.status in LIVE
    }


def payment_methods(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader
) -> list[PaymentMethodOut]:
    row = repository.customer(db, reader.user_id)
    if row is None:  # no customer yet: nothing vaulted, and no need to create one to say so
        return []
    try:
        methods = gw.list_payment_methods(row.customer_id)
    except GatewayError as exc:
        if exc.code == NOT_FOUND:
            return []
        raise from_gateway(exc) from exc
    in_use = _methods_in_use(db, reader.user_id)
    today = rt.clock.now().date()
    return [payment_method_out(m, today, m.token in in_use) for m in methods]


def add_payment_method(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, nonce: str
) -> PaymentMethodOut:
    customer_id = ensure_customer(db, rt, gw, reader)
    method = vault(gw, customer_id, nonce, make_default=False)
    return payment_method_out(method, rt.clock.now().date(), in_use=False)


def vault(
    gw: PaymentGateway, customer_id: str, nonce: str, make_default: bool
) -> PaymentMethodInfo:
    """The card behind the nonce in the reader's vault, once: a card already there (same
    number and expiry: a retry after a lost answer, the same card typed again) is the one
    kept, and the copy just vaulted is removed."""
    try:
        method = gw.vault_payment_method(customer_id, nonce, make_default=make_default)
        same = _already_vaulted(gw, method)
        if same is None:
            return method
        gw.delete_payment_method(method.token)
        return gw.make_default(same.token) if make_default else same
    except GatewayError as exc:
        raise card_refusal(exc) from exc


def _already_vaulted(gw: PaymentGateway, new: PaymentMethodInfo) -> PaymentMethodInfo | None:
    if new.unique_number_identifier is None:
        return None
    for old in gw.list_payment_methods(new.customer_id):
        if (
            old.token != new.token
            and old.unique_number_identifier == new.unique_number_identifier
            and (old.expiration_month, old.expiration_year)
            == (new.expiration_month, new.expiration_year)
        ):
            return old
    return None


def card_refusal(exc: GatewayError) -> BillingError:
    """A failed card check as a reader reads it: a CVV rule's refusal says what to do about
    the CVV (Braintree's own text is "Gateway Rejected: cvv"); the rest as from_gateway."""
    check = exc.verification
    if check is not None and check.gateway_rejection_reason == CVV_REJECTION_REASON:
        message = CVV_MESSAGES.get(check.cvv_response_code or "", CVV_NOT_VERIFIED)
        return BillingError("payment-declined", message)
    return from_gateway(exc)


def _owned(
    db: Session, gw: PaymentGateway, reader: Reader, token: str
) -> tuple[PaymentMethodInfo, list[PaymentMethodInfo]]:
    """The reader's method with this token and their other methods (default, then newest).

    Ownership is checked against the reader's own customer: another reader's token is
    refused as not found, before any gateway call names it.
    """
    row = repository.customer(db, reader.user_id)
    methods: list[PaymentMethodInfo] = []
    if row is not None:
        try:
            methods = ordered_methods(gw.list_payment_methods(row.customer_id))
        except GatewayError as exc:
            if exc.code != NOT_FOUND:
                raise from_gateway(exc) from exc
    for method in methods:
        if method.token == token:
            return method, [m for m in methods if m.token != token]
    raise BillingError("payment-method-not-found", "There is no such payment method.")


def _live_rows(db: Session, user_id: int) -> list[BillingSubscription]:
    return [row for row in repository.subscriptions_of(db, user_id) if row.status in LIVE]


def _move_subscriptions(
    gw: PaymentGateway, rows: list[BillingSubscription], token: str
) -> list[tuple[BillingSubscription, SubscriptionInfo]]:
    """Point these subscriptions at `token` at the gateway; the local copies are the caller's."""
    moved = []
    for row in rows:
        try:
            moved.append((row, gw.update_subscription(row.id, payment_method_token=token)))
        except GatewayError as exc:
            raise from_gateway(exc) from exc
    return moved


def _log_change(db: Session, rt: Runtime, user_id: int, key: str) -> None:
    """Append now to one of the profile's payment-method logs, keeping the last three."""
    user = repository.user(db, user_id)
    if user is None:
        return
    entries = read_profile(user.profile.attributes)[key]
    logged = [*(e for e in entries if isinstance(e, str)), rt.clock.now().isoformat()]
    sync.set_profile(db, rt, user_id, {key: logged[-LOG_LENGTH:]})


def delete_payment_method(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, token: str
) -> None:
    """Remove a vaulted method.

    Deleting a method at Braintree cancels the subscriptions paying with it, so a live
    subscription is first moved to the reader's next method (default, then newest); with no
    other method the delete is refused (409 payment-method-in-use).
    """
    method, others = _owned(db, gw, reader, token)
    paying = [row for row in _live_rows(db, reader.user_id) if row.payment_method_token == token]
    if paying and not others:
        raise BillingError("payment-method-in-use", IN_USE_MESSAGE)
    moved = _move_subscriptions(gw, paying, others[0].token) if paying else []
    try:
        if method.default and others:
            gw.make_default(others[0].token)
        gw.delete_payment_method(token)
    except GatewayError as exc:
        raise from_gateway(exc) from exc
    for row, info in moved:
        copy_info(row, info)
    _log_change(db, rt, reader.user_id, EDIT_LOG)


def set_default_payment_method(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, token: str
) -> PaymentMethodOut:
    """Make the method the default and move the reader's live subscriptions onto it."""
    _owned(db, gw, reader, token)
    try:
        method = gw.make_default(token)
    except GatewayError as exc:
        raise from_gateway(exc) from exc
    live = _live_rows(db, reader.user_id)
    moved = _move_subscriptions(gw, [r for r in live if r.payment_method_token != token], token)
    for row, info in moved:
        copy_info(row, info)
    _log_change(db, rt, reader.user_id, UPDATE_LOG)
    in_use = any(row.payment_method_token == token for row in live)
    return payment_method_out(method, rt.clock.now().date(), in_use)


def update_payment_method(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, token: str, nonce: str
) -> PaymentMethodOut:
    """Replace a card's details from a card-form nonce, or re-verify the card with a CVV-only
    nonce (Braintree's update with options.verify_card); the token stays the same.

    The gateway verifies the card: a refusal is 402 payment-declined and nothing changes.
    """
    _owned(db, gw, reader, token)
    try:
        method = gw.update_payment_method(token, nonce=nonce)
    except GatewayError as exc:
        raise card_refusal(exc) from exc
    _log_change(db, rt, reader.user_id, UPDATE_LOG)
    return payment_method_out(
        method, rt.clock.now().date(), token in _methods_in_use(db, reader.user_id)
    )
