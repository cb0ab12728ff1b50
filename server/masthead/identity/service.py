"""Identity rules: accounts, sessions, profile, password reset and email change.

The caller's transaction commits; every change and the mail it causes land together.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from email_validator import EmailNotValidError, validate_email
from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity import passwords, repository, schemas
from masthead.identity.models import (
    HOME_DELIVERY_PRODUCT_ID,
    AuthSession,
    OneTimeToken,
    User,
)
from masthead.identity.profile_fields import (
    ALL_KEYS,
    READER_WRITABLE,
    SCREENED_TEXT,
    ProfileValueError,
    birthday_problem,
    clean_value,
    complete_names,
    read_profile,
)
from masthead.identity.readers_repository import keep_search_terms
from masthead.identity.tokens import new_token, token_hash
from masthead.identity.welcome import send_welcome
from masthead.mail.api import send_mail
from masthead.moderation.api import NO_EDITS, EditedLists, edited_lists, text_refusal

RESET = "reset"
EMAIL_CHANGE = "email-change"
VERIFY_EMAIL = "verify-email"
WRONG_CREDENTIALS = "Sorry, this is the wrong email or password."


class IdentityError(Exception):
    """A refusal with the spec's error type; routes map the type to a status code."""

    def __init__(self, type_: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.type = type_
        self.message = message
        self.extra = extra


@dataclass
class IssuedSession:
    token: str
    expires_at: datetime
    user: User


def normalise_email(raw: str) -> str:
    try:
        checked = validate_email(raw.strip(), check_deliverability=False)
    except EmailNotValidError:
        raise IdentityError("bad-request", "Please enter a valid email address.") from None
    return checked.normalized.lower()


def _require_strong(password: str) -> None:
    problem = passwords.weakness(password)
    if problem is not None:
        raise IdentityError("password-not-strong", problem)


def absolute_link(rt: Runtime, path: str) -> str:
    return rt.settings.public_url.rstrip("/") + path


def issue_token(
    db: Session, rt: Runtime, user: User, purpose: str, minutes: int, new_email: str | None = None
) -> str:
    now = rt.clock.now()
    repository.retire_tokens(db, user.id, purpose, now)
    token = new_token()
    db.add(
        OneTimeToken(
            token_hash=token_hash(token),
            purpose=purpose,
            user_id=user.id,
            new_email=new_email,
            created_at=now,
            expires_at=now + timedelta(minutes=minutes),
        )
    )
    return token


def start_session(
    db: Session, rt: Runtime, user: User, user_agent: str, family: str | None = None
) -> IssuedSession:
    now = rt.clock.now()
    token = new_token()
    expires_at = now + timedelta(days=rt.settings.session_days)
    db.add(
        AuthSession(
            token_hash=token_hash(token),
            user_id=user.id,
            created_at=now,
            expires_at=expires_at,
            user_agent=user_agent[:255],
            family=family,
        )
    )
    return IssuedSession(token=token, expires_at=expires_at, user=user)


def current_reader(rt: Runtime, token: str | None) -> repository.Reader | None:
    if not token:
        return None
    return repository.reader_for_session(rt.reader, token_hash(token), rt.clock.now())


async def current_reader_awaited(rt: Runtime, token: str | None) -> repository.Reader | None:
    """current_reader for the event loop: the read is awaited (PinnedReader.first_awaited)."""
    if not token:
        return None
    return await repository.reader_for_session_awaited(rt.reader, token_hash(token), rt.clock.now())


def register(
    db: Session,
    rt: Runtime,
    email_address: str,
    password: str | None,
    token_exchange: str | None,
    attributes: dict[str, Any],
    user_agent: str,
) -> tuple[User, IssuedSession | None]:
    email = normalise_email(email_address)
    if token_exchange is not None:  # a social sign-in popup's register action
        # Imported here: social sign-in builds on this module (an import cycle otherwise).
        from masthead.identity.social.registration import register_with_provider

        return register_with_provider(db, rt, email, token_exchange, attributes, user_agent)
    if not password:
        raise IdentityError("bad-request", "Please enter a password.")
    _require_strong(password)
    if repository.user_by_email(db, email) is not None:
        raise IdentityError("user-already-exists", "Sorry, this email is already in use.")

    now = rt.clock.now()
    names = {k: v for k, v in attributes.items() if k in {"full-name", "first-name", "last-name"}}
    profile = clean_profile_update(names, {})
    user = repository.add_user(
        db,
        email,
        passwords.hash_password(rt.settings, password),
        verified=False,
        attributes=profile,
        now=now,
    )
    try:
        db.flush()
    except IntegrityError:  # a concurrent registration of the same address won the race
        db.rollback()
        raise IdentityError("user-already-exists", "Sorry, this email is already in use.") from None

    if rt.settings.require_email_verification:
        send_verification(db, rt, user)
        return user, None
    send_welcome(db, rt, user)  # with verification: once the address is proven
    return user, start_session(db, rt, user, user_agent)


def send_verification(db: Session, rt: Runtime, user: User) -> None:
    """The mail whose link verifies the account's address (registration's; support resends it:
    a new link retires the older ones)."""
    token = issue_token(db, rt, user, VERIFY_EMAIL, rt.settings.email_change_token_minutes)
    send_mail(
        db,
        rt.clock,
        to=user.email,
        subject="Please verify your email address",
        text="Welcome! Please verify your email address by opening this link:\n\n"
        f"{absolute_link(rt, f'/blaize/users/verify-email/{token}')}\n",
    )


def login(
    db: Session, rt: Runtime, email_address: str, password: str, user_agent: str
) -> IssuedSession:
    email = email_address.strip().lower()
    user = repository.user_by_email(db, email)
    if user is None:
        passwords.verify_password(rt.settings, None, password)  # same cost as a real check
        raise IdentityError("user-not-found", WRONG_CREDENTIALS)
    if not passwords.verify_password(rt.settings, user.password_hash, password):
        raise IdentityError("invalid-password", WRONG_CREDENTIALS)
    if rt.settings.require_email_verification and not user.email_verified:
        raise IdentityError(
            "email-not-verified",
            "This email address has not been verified yet. Please follow the link in the "
            "verification email we sent you.",
            title="email-verification-is-required",
        )
    assert user.password_hash is not None
    if passwords.needs_rehash(rt.settings, user.password_hash):
        user.password_hash = passwords.hash_password(rt.settings, password)
    return start_session(db, rt, user, user_agent)


def logout(db: Session, rt: Runtime, token: str | None) -> None:
    if token:
        repository.revoke_session(db, token_hash(token), rt.clock.now())


def verify_email(db: Session, rt: Runtime, token: str) -> None:
    link = usable_token(db, rt, token, VERIFY_EMAIL)
    link.used_at = rt.clock.now()
    user = repository.user_by_id(db, link.user_id)
    if user is not None:
        user.email_verified = True
        send_welcome(db, rt, user)  # once per account (welcome.py)


def request_reset(db: Session, rt: Runtime, email_address: str) -> None:
    user = repository.user_by_email(db, email_address.strip().lower())
    if user is None:
        raise IdentityError("user-not-found", "There is no account with this email address.")
    token = issue_token(db, rt, user, RESET, rt.settings.reset_token_minutes)
    send_mail(
        db,
        rt.clock,
        to=user.email,
        subject="Reset your password",
        text="Someone asked to reset the password of your account. If it was you, open this "
        f"link within {rt.settings.reset_token_minutes} minutes to choose a new one:\n\n"
        f"{absolute_link(rt, f'/account/reset-password?token={token}')}\n\n"
        "If it was not you, ignore this email: your password stays as it is.\n",
    )


def usable_token(db: Session, rt: Runtime, token: str, purpose: str) -> OneTimeToken:
    link = repository.token_by_hash(db, token_hash(token), purpose)
    if link is None:
        raise IdentityError("invalid-state", "This link is not valid. Please ask for a new one.")
    if link.used_at is not None or link.expires_at <= rt.clock.now():
        raise IdentityError("link-expired", "This link has expired. Please ask for a new one.")
    return link


def reset_password(db: Session, rt: Runtime, token: str, password: str) -> None:
    link = usable_token(db, rt, token, RESET)
    _require_strong(password)
    user = repository.user_by_id(db, link.user_id)
    if user is None:
        raise IdentityError("invalid-state", "This link is not valid. Please ask for a new one.")
    now = rt.clock.now()
    link.used_at = now
    user.password_hash = passwords.hash_password(rt.settings, password)
    user.email_verified = True  # following the mailed link proves the address
    user.updated_at = now
    repository.revoke_sessions(db, user.id, now)


def change_password(
    db: Session, rt: Runtime, reader: repository.Reader, current: str, new: str
) -> None:
    user = repository.user_by_id(db, reader.user_id)
    if user is None:
        raise IdentityError("user-not-found", "There is no account for this session.")
    if not passwords.verify_password(rt.settings, user.password_hash, current):
        raise IdentityError(
            "bad-credentials", "Sorry, your current password didn't match. Try again."
        )
    _require_strong(new)
    now = rt.clock.now()
    user.password_hash = passwords.hash_password(rt.settings, new)
    user.updated_at = now
    # Sign every other device out.
    repository.revoke_sessions(db, user.id, now, keep_id=reader.session_id)


def clean_profile_update(
    update: dict[str, Any],
    current: dict[str, Any],
    writable: set[str] = READER_WRITABLE,
    lists: EditedLists = NO_EDITS,
) -> dict[str, Any]:
    """Validate a flat profile write; raise with a message naming the field to correct."""
    sent = {k: v for k, v in update.items() if k != "updated-values"}
    for key in sent:
        if key not in ALL_KEYS:
            raise IdentityError("bad-request", f"The {key} field does not exist.")
        if key not in writable:
            raise IdentityError(
                "bad-request", f"The {key} field is kept by Masthead and cannot be changed here."
            )
    named = update.get("updated-values") or []  # null, like absent: nothing named
    if not isinstance(named, list) or not all(isinstance(k, str) and k in sent for k in named):
        raise IdentityError(
            "bad-request", "The updated-values field must list only the fields sent."
        )
    try:
        cleaned = {key: clean_value(key, value) for key, value in sent.items()}
    except ProfileValueError as exc:
        raise IdentityError("bad-request", str(exc)) from None
    birthday = [cleaned.get(key, current.get(key)) for key in ("birth-month", "birth-day")]
    mismatch = birthday_problem(*birthday)
    if mismatch is not None:
        raise IdentityError("bad-request", mismatch)
    for key, subject in SCREENED_TEXT.items():
        refusal = text_refusal(cleaned[key], subject, lists) if cleaned.get(key) else None
        if refusal is not None:
            raise IdentityError("profane-text", refusal, field=key)
    return complete_names(cleaned, current)


def update_profile(
    db: Session, rt: Runtime, reader: repository.Reader, update: dict[str, Any]
) -> BaseModel:
    user = repository.user_by_id(db, reader.user_id)
    if user is None:
        raise IdentityError("user-not-found", "There is no account for this session.")
    current = read_profile(user.profile.attributes)
    changes = clean_profile_update(update, current, lists=edited_lists(db))
    # Assign a new dict: SQLAlchemy's JSON type notices replacement, not mutation.
    user.profile.attributes = {**user.profile.attributes, **changes}
    user.profile.updated_at = rt.clock.now()
    keep_search_terms(user)  # names the staff console's search finds the reader by
    return profile_view(user.profile.attributes)


def profile_view(attributes: dict[str, Any]) -> BaseModel:
    """The full profile, defaults for every key never written (GET and POST /blaize/profile):
    a schemas.Profile, built from profile_fields at import (so typed BaseModel here)."""
    return schemas.Profile.model_validate(read_profile(attributes))


def account_view(reader: repository.Reader) -> schemas.AccountResponse:
    return schemas.AccountResponse(
        identifiers=schemas.Identifiers(email_address=reader.email),
        tracking_id=reader.tracking_id,
    )


def data_layer(reader: repository.Reader) -> schemas.DataLayer:
    """The reader's data layer: what pages and the decision engine know of them."""
    profile = read_profile(reader.attributes)
    return schemas.DataLayer(
        firstName=profile["first-name"],
        fullName=profile["full-name"],
        lastName=profile["last-name"],
        loggedIn=True,
        trackingId=reader.tracking_id,
        products=[HOME_DELIVERY_PRODUCT_ID] if reader.home_delivery else [],
        hadTrial=bool(profile["had-trial"]),
        paused=bool(profile["paused"]),
    )
