"""The reader's data: downloading it, and deleting the account.

Deleting, in an order where a failure leaves nothing half-done:
1. the confirmation (the password, or a fresh confirmation with the linked provider; see
   `confirm`), before anything changes;
2. the outside service: each live membership is cancelled at the gateway as the reader's own
   cancel does it (billing's cancel: no refund, no further charge; it ends with the paid
   period), each in its own committed transaction, so the local copy always says what the
   gateway did; then the payment methods vaulted at the gateway are removed. Cancelling is
   idempotent: if a later step fails, the reader's retry finds the membership cancelled and
   goes on;
3. one transaction (the request's): the mail to the address, the referral participant
   stripped, the account row deleted, whose foreign keys take or unlink the rest
   (repository.delete_user). If it fails, nothing of it is kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy.orm import Session

from masthead.billing.api import (
    NOT_FOUND,
    BillingError,
    GatewayError,
    PaymentGateway,
    cancel_membership,
    payment_methods_of,
)
from masthead.deps import Runtime
from masthead.feedback.api import forget_reader as forget_feedback
from masthead.identity.api import (
    CONFIRM_MINUTES,
    PROVIDER_LABELS,
    Reader,
    User,
    account,
    check_password,
    linked_providers,
    read_profile,
    spend_provider_confirmation,
)
from masthead.newsletters.api import forget_reader as forget_newsletter_reader
from masthead.reader_data import export, mails, repository, schemas

CANCEL_REASON = "account-deleted"
NOT_DELETED = (
    "We could not reach the payment service, so your account is not deleted yet. "
    "Please try again in a few minutes."
)
ONE_VALIDATOR = (
    "Confirm with your password or with your provider: send validators.password or "
    "validators.provider (google, facebook or apple), one of the two."
)
HALF_WAY = (
    "Your membership is cancelled, but we could not reach the payment service to finish "
    "deleting your account. Please try again in a few minutes."
)


class ReaderDataError(Exception):
    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.type = type_
        self.message = message


@dataclass(frozen=True)
class Download:
    filename: str
    body: str


def _account(db: Session, reader: Reader) -> User:
    user = account(db, reader.user_id)
    if user is None:  # the session outlived its account by a moment
        raise ReaderDataError(401, "unauthorized", "Please log in to continue.")
    return user


def _first_name(user: User) -> str:
    profile = read_profile(user.profile.attributes if user.profile else {})
    return str(profile.get("first-name") or "").strip()


def download(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, user_agent: str
) -> Download:
    """The reader's data as a JSON file, and the mail that tells them it was downloaded."""
    user = _account(db, reader)
    data = export.reader_data(db, rt, gw, reader, user)
    mails.send_downloaded(db, rt, user.email, _first_name(user), user_agent)
    day = data.exported_at.date().isoformat()
    return Download(f"masthead-data-{day}.json", data.model_dump_json(indent=2) + "\n")


def options(db: Session, reader: Reader) -> schemas.DeleteOptions:
    """How this reader can confirm deleting the account."""
    user = _account(db, reader)
    return schemas.DeleteOptions.model_validate(
        {"password": user.password_hash is not None, "providers": linked_providers(db, user.id)}
    )


def _labels(providers: list[str]) -> str:
    names = [PROVIDER_LABELS[p] for p in providers]
    return " or ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} or {names[-1]}"


def confirm(
    db: Session,
    rt: Runtime,
    user: User,
    reader: Reader,
    body: schemas.DeleteRequest,
    address: str,
) -> None:
    """The reader proves it is them, one way of two:
    - the password, counted as a login attempt (identity's limits), so deleting is no way
      round them;
    - a provider linked to the account: this session confirmed with it in the last
      CONFIRM_MINUTES (the popup's `confirm`), and the confirmation is spent now, once.
    """
    validators = body.validators
    if (validators.password is None) == (validators.provider is None):
        raise ReaderDataError(400, "bad-request", ONE_VALIDATOR)
    password = validators.password
    if password is None:
        assert validators.provider is not None  # exactly one of the two, checked above
        if not spend_provider_confirmation(rt, user.id, reader.session_id, validators.provider):
            label = PROVIDER_LABELS[validators.provider]
            raise ReaderDataError(
                400,
                "confirmation-required",
                f"Please confirm with {label} again: a confirmation lasts {CONFIRM_MINUTES} "
                "minutes, works once, and only in the browser that made it.",
            )
        return
    if user.password_hash is None:
        providers = linked_providers(db, user.id)
        how = (
            f"Please confirm with {_labels(providers)} instead."
            if providers
            else "Choose one with 'Forgot your password?' on the login page, then delete "
            "your account with it."
        )
        raise ReaderDataError(400, "password-not-set", f"Your account has no password. {how}")
    if check_password(db, rt, user.email, password, address) is None:
        raise ReaderDataError(
            400, "bad-credentials", "Sorry, that password is not right. Please try again."
        )


def delete_account(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    reader: Reader,
    body: schemas.DeleteRequest,
    address: str,
) -> None:
    user = _account(db, reader)
    confirm(db, rt, user, reader, body, address)
    email, name, tracking_id = user.email, _first_name(user), user.tracking_id
    # Nothing of this request is written while the gateway is called (on SQLite the sandbox
    # gateway writes in its own transaction, and would wait for ours).
    with db.no_autoflush:
        _cancel_memberships(db, rt, gw, reader)
        # Read after the cancels committed, so a retry's mail names them too.
        cancelled = repository.cancelled_by_deletion(db, reader.user_id, CANCEL_REASON)
        _remove_payment_methods(db, rt, gw, reader, halfway=bool(cancelled))
    mails.send_deleted(db, rt, email, name, [(plan, _iso(day)) for plan, day in cancelled])
    repository.forget_referral_participant(db, tracking_id)
    forget_newsletter_reader(db, email)
    forget_feedback(db, reader.user_id)
    repository.delete_user(db, user)


def _cancel_memberships(db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader) -> None:
    """Cancel each live membership as the reader's own cancel does, each in its own
    transaction: committed as soon as the gateway has done it."""
    live = repository.live_subscription_ids(db, reader.user_id)
    for done, subscription_id in enumerate(live):
        try:
            with rt.sessions.begin() as own:
                cancel_membership(
                    own, rt, gw, reader, subscription_id, CANCEL_REASON, "", receipt=False
                )
        except BillingError:
            message = HALF_WAY if done else NOT_DELETED
            raise ReaderDataError(503, "payment-unavailable", message) from None


def _iso(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


def _remove_payment_methods(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, *, halfway: bool
) -> None:
    """The cards and accounts vaulted at the gateway go (the payments made with them stay)."""
    message = HALF_WAY if halfway else NOT_DELETED
    try:
        methods = payment_methods_of(db, rt, gw, reader)
    except BillingError:
        raise ReaderDataError(503, "payment-unavailable", message) from None
    for method in methods:
        try:
            gw.delete_payment_method(method.token)
        except GatewayError as exc:
            if exc.code != NOT_FOUND:  # gone already (a retry): fine
                raise ReaderDataError(503, "payment-unavailable", message) from None
