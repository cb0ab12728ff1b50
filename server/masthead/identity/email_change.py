"""Changing the email address: the link mailed to the new address, confirmed with the password.

The confirmation is a password check that a stolen session can reach (it can ask for links to
an address of its own), so wrong passwords are counted on each link and a few of them burn it;
the routes add per-account and per-address rate limits on asking and on confirming.
"""

from __future__ import annotations

from typing import NoReturn

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity import passwords, repository
from masthead.identity.models import OneTimeToken, User
from masthead.identity.readers_repository import keep_search_terms
from masthead.identity.service import (
    EMAIL_CHANGE,
    IdentityError,
    absolute_link,
    issue_token,
    normalise_email,
    usable_token,
)
from masthead.identity.tokens import token_hash
from masthead.mail.api import send_mail

# Wrong passwords an email-change link takes before it stops working: the link is a password
# oracle for whoever holds a session (they can ask for links to an address of their own).
EMAIL_CHANGE_WRONG_PASSWORDS = 3
EMAIL_CHANGE_BURNED = (
    "A wrong password was entered too many times, so this email change link no longer works. "
    "Please ask for a new link from your account settings."
)


def request_email_change(
    db: Session, rt: Runtime, reader: repository.Reader, new_address: str
) -> None:
    user = repository.user_by_id(db, reader.user_id)
    if user is None:
        raise IdentityError("user-not-found", "There is no account for this session.")
    new_email = normalise_email(new_address)
    if new_email == user.email:
        raise IdentityError("bad-request", "This is already the email address of your account.")
    if repository.user_by_email(db, new_email) is not None:
        raise IdentityError("user-already-exists", "Your new email address is already taken.")
    token = issue_token(
        db, rt, user, EMAIL_CHANGE, rt.settings.email_change_token_minutes, new_email
    )
    link = absolute_link(rt, f"/account/settings/verify-email-change?token={token}")
    send_mail(
        db,
        rt.clock,
        to=new_email,
        subject="Confirm your new email address",
        text="Open this link and enter your password to make this the email address of your "
        f"account:\n\n{link}\n",
    )
    send_mail(
        db,
        rt.clock,
        to=user.email,
        subject="Your email address is about to change",
        text=f"Someone asked to change the email address of your account to {new_email}. "
        "Nothing changes until the link sent to that address is followed. If it was not "
        "you, change your password now.\n",
    )


def email_change_account(db: Session, token: str) -> int | None:
    """The account an email-change link belongs to, for its per-account rate limit."""
    link = repository.token_by_hash(db, token_hash(token), EMAIL_CHANGE)
    return None if link is None else link.user_id


def confirm_email_change(db: Session, rt: Runtime, token: str, password: str) -> User:
    found = repository.token_by_hash(db, token_hash(token), EMAIL_CHANGE)
    if found is not None and found.failed_attempts >= EMAIL_CHANGE_WRONG_PASSWORDS:
        raise IdentityError(
            "too-many-wrong-passwords", EMAIL_CHANGE_BURNED
        )  # say why, not "expired"
    link = usable_token(db, rt, token, EMAIL_CHANGE)
    user = repository.user_by_id(db, link.user_id)
    if user is None or link.new_email is None:
        raise IdentityError("invalid-state", "This link is not valid. Please ask for a new one.")
    if not passwords.verify_password(rt.settings, user.password_hash, password):
        _count_wrong_password(db, rt, link, user)
    if repository.user_by_email(db, link.new_email) is not None:
        raise IdentityError("user-already-exists", "Your new email address is already taken.")
    now = rt.clock.now()
    link.used_at = now
    user.email = link.new_email
    user.email_verified = True
    user.updated_at = now
    keep_search_terms(user)  # the staff console's search finds the reader by the new address
    return user


def _count_wrong_password(db: Session, rt: Runtime, link: OneTimeToken, user: User) -> NoReturn:
    """Count the wrong password on the link (read FOR UPDATE, so guesses sent at once are
    each counted), burn it at the limit, and keep that although the answer is an error."""
    link.failed_attempts += 1
    burned = link.failed_attempts >= EMAIL_CHANGE_WRONG_PASSWORDS
    if burned:
        link.used_at = rt.clock.now()
        send_mail(
            db,
            rt.clock,
            to=user.email,
            subject="Your email change link was stopped",
            text=f"A wrong password was entered {link.failed_attempts} times on the link to "
            f"change the email address of your account to {link.new_email}, so the link no "
            "longer works and your email address stays as it is. If it was you, ask for a new "
            "link from your account settings. If it was not you, change your password now.\n",
        )
    db.commit()  # the count (and the burn) stand; the error answer would roll them back
    if burned:
        raise IdentityError("too-many-wrong-passwords", EMAIL_CHANGE_BURNED)
    raise IdentityError("invalid-password", "Your password is incorrect.")
