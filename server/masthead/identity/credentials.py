"""Password checks and accounts for other parts of Masthead: the staff console's password step
(under the reader login's rate limits) and accounts an operator makes from the shell.

The attempt limits live here so that identity's routes and the staff console count the same
attempts under the same keys: a password guessed at /admin is a password guessed at login.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity import passwords, repository
from masthead.identity.models import User
from masthead.identity.service import IdentityError, normalise_email
from masthead.ratelimit import enforce


def limit_attempts(rt: Runtime, action: str, address: str, account: str | None = None) -> None:
    """Count one attempt at `action` from the client address, and on the account when one is
    named; 429 too-many-requests beyond the settings' limits."""
    window = rt.settings.rate_limit_window_seconds
    enforce(rt.rate_limiter, f"{action}:ip:{address}", rt.settings.rate_limit_per_address, window)
    if account:
        limit_account_attempts(rt, action, account)


def limit_account_attempts(rt: Runtime, action: str, account: str) -> None:
    key = f"{action}:acct:{account.strip().lower()}"
    enforce(
        rt.rate_limiter,
        key,
        rt.settings.rate_limit_per_account,
        rt.settings.rate_limit_window_seconds,
    )


def check_password(
    db: Session, rt: Runtime, email_address: str, password: str, address: str
) -> User | None:
    """The account whose password this is, None for a wrong email or password (at the same
    cost, so the answer's timing tells no stranger which). Counted as a login attempt."""
    limit_attempts(rt, "login", address, email_address)
    user = repository.user_by_email(db, email_address.strip().lower())
    if user is None:
        passwords.verify_password(rt.settings, None, password)
        return None
    if not passwords.verify_password(rt.settings, user.password_hash, password):
        return None
    assert user.password_hash is not None
    if passwords.needs_rehash(rt.settings, user.password_hash):
        user.password_hash = passwords.hash_password(rt.settings, password)
    return user


def create_account(
    db: Session, rt: Runtime, email_address: str, password: str, full_name: str = ""
) -> User:
    """An account made by an operator (the staff CLI, the demo seed): the address counts as
    verified, since the operator vouches for it, and no welcome mail is sent. The password
    must pass the readers' rules. IdentityError for a bad address, a weak password, or an
    address already in use."""
    email = normalise_email(email_address)
    problem = passwords.weakness(password)
    if problem is not None:
        raise IdentityError("password-not-strong", problem)
    if repository.user_by_email(db, email) is not None:
        raise IdentityError("user-already-exists", "Sorry, this email is already in use.")
    now = rt.clock.now()
    first, _, last = full_name.strip().partition(" ")
    names = {"full-name": full_name.strip(), "first-name": first, "last-name": last}
    user = repository.add_user(
        db,
        email,
        passwords.hash_password(rt.settings, password),
        verified=True,  # the operator vouches for the address
        attributes={key: value for key, value in names.items() if value},
        now=now,
    )
    db.flush()
    return user
