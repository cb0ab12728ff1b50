"""POST /blaize/register with validators.token_exchange: the account of a new reader whose
verified provider identity a popup's register key (stateKey) carries. Plugged into
identity's service.register."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity import repository as identity_repository
from masthead.identity import service as identity_service
from masthead.identity.models import User
from masthead.identity.service import IdentityError, IssuedSession
from masthead.identity.social import repository
from masthead.identity.social.attempt_secrets import token_hash
from masthead.identity.social.provider_profile import NAME_KEYS
from masthead.identity.social.providers import ProviderIdentity
from masthead.identity.welcome import send_welcome


def register_with_provider(
    db: Session,
    rt: Runtime,
    email: str,
    state_key: str,
    attributes: dict[str, Any],
    user_agent: str,
) -> tuple[User, IssuedSession | None]:
    """POST /blaize/register with validators.token_exchange: the account of a new reader
    whose provider identity the popup's register key carries."""
    expired = IdentityError(
        "invalid-state", "This sign-in attempt has expired. Please sign in again."
    )
    key = repository.register_key_by_hash(db, token_hash(state_key)) if state_key else None
    now = rt.clock.now()
    if key is None or key.used_at is not None or key.expires_at <= now:
        raise expired
    if email != key.email:
        raise IdentityError(
            "bad-request",
            f"This sign-in was for {key.email}. Please register with that address.",
        )
    if identity_repository.user_by_email(db, email) is not None:
        raise IdentityError("user-already-exists", "Sorry, this email is already in use.")
    if repository.identity_of(db, key.provider, key.subject) is not None:
        raise expired  # another popup of the same person registered first
    key.used_at = now
    sent = {k: v for k, v in attributes.items() if k in NAME_KEYS and v}
    names = identity_service.clean_profile_update({**key.names, **sent}, {})
    profile = {
        **names,
        "sso-user": True,
        "sso-provider": key.provider,
        f"{key.provider}-authenticated": True,
    }
    user = identity_repository.add_user(
        db, email, "", verified=key.email_verified, attributes=profile, now=now
    )
    user.password_hash = None  # no password: the provider signs this reader in
    person = ProviderIdentity(key.provider, key.subject, key.email, key.email_verified, key.names)
    try:
        db.flush()
        repository.add_identity(db, user.id, person, now)
        db.flush()
    except IntegrityError:  # a concurrent registration of the address or identity won
        db.rollback()
        raise IdentityError("user-already-exists", "Sorry, this email is already in use.") from None
    if rt.settings.require_email_verification and not key.email_verified:
        identity_service.send_verification(db, rt, user)
        return user, None
    send_welcome(db, rt, user)
    return user, identity_service.start_session(db, rt, user, user_agent)
