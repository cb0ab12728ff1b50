"""Social sign-in's rules: start a popup's attempt, finish it (log in, link or hand a new
reader a register key), register with that key, and the provider's name parts.

The caller's transaction commits. A finished attempt is marked used in it whatever the
outcome, so a state works once.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, TypeVar

import anyio.from_thread
from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity import repository as identity_repository
from masthead.identity import service as identity_service
from masthead.identity.cookies import contract_cookie
from masthead.identity.models import User
from masthead.identity.repository import Reader
from masthead.identity.service import IssuedSession
from masthead.identity.social import confirmation, providers, remote, repository
from masthead.identity.social.attempt_secrets import derived, new_token, token_hash
from masthead.identity.social.development import identity_from_form
from masthead.identity.social.models import SocialAttempt, SocialIdentity, SocialRegisterKey
from masthead.identity.social.providers import LABELS, ProviderIdentity, SocialError

# Spec section 8, social login.
FAILURE = "Sorry, there was a problem logging into your account."
# Attempts and keys older than this are deleted as new ones start.
KEEP_ATTEMPTS = timedelta(days=1)
TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,128}$")
T = TypeVar("T")
# The signed-in reader a confirm attempt is made for (the routes name it through here).
SignedInReader = Reader
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Started:
    url: str  # where the popup goes next: the provider, or the development provider's page
    browser_token: str  # the cookie that binds the attempt to this browser


@dataclass(frozen=True)
class Finished:
    message: dict[str, Any]  # posted to the opener
    target_origin: str
    session: IssuedSession | None = None
    failure: str | None = None  # a sentence for the popup page, beside the spec's text
    confirming: bool = False  # a confirm attempt's page: nobody was signing in


def _await(call: Callable[..., Coroutine[Any, Any, T]], *args: Any) -> T:
    """Authlib's client is async; routes run in a worker thread, which waits here."""
    return anyio.from_thread.run(call, *args)


def callback_path(provider: str) -> str:
    return f"/blaize/oauth/{provider}/callback"


def redirect_uri(rt: Runtime, provider: str, opener_origin: str) -> str:
    # The real providers know one registered address; the development provider stays on
    # the host the reader is on.
    mode = providers.mode(rt.settings, provider)
    base = rt.settings.public_origin if mode == "real" else opener_origin
    return base + callback_path(provider)


def start(
    db: Session,
    rt: Runtime,
    provider: str,
    opener_state: str,
    opener_origin: str,
    browser_token: str | None,
    confirming: Reader | None = None,
) -> Started:
    """A popup's attempt; `confirming`: the signed-in reader of a confirm attempt, whose
    account must be linked with this provider (confirmation.NotLinked otherwise)."""
    mode = providers.mode(rt.settings, provider)
    if mode is None:
        raise SocialError(f"Signing in with {LABELS[provider]} is not available here.")
    if confirming is not None:
        confirmation.require_linked(db, confirming.user_id, provider)
    now = rt.clock.now()
    repository.forget_old_attempts(db, now - KEEP_ATTEMPTS)
    if not browser_token or not TOKEN_SHAPE.match(browser_token):
        browser_token = new_token()
    state = new_token()
    db.add(
        SocialAttempt(
            state_hash=token_hash(state),
            browser_hash=token_hash(browser_token),
            provider=provider,
            opener_state=opener_state,
            opener_origin=opener_origin,
            created_at=now,
            expires_at=now + timedelta(minutes=rt.settings.social_attempt_minutes),
            purpose=confirmation.SIGN_IN if confirming is None else confirmation.CONFIRM,
            user_id=None if confirming is None else confirming.user_id,
            session_id=None if confirming is None else confirming.session_id,
        )
    )
    if mode == "development":
        url = f"{opener_origin}/blaize/oauth/{provider}/development?state={state}"
    else:
        secret = rt.settings.secret_key
        try:
            url = _await(
                remote.authorization_url,
                rt.settings,
                provider,
                redirect_uri(rt, provider, opener_origin),
                state,
                derived(secret, "nonce", state),
                derived(secret, "pkce", state),
            )
        except remote.ProviderFailed as exc:
            log.warning("social sign-in could not start: %s", exc)
            raise SocialError(
                f"{LABELS[provider]} cannot be reached just now. Please try again later."
            ) from None
    return Started(url=url, browser_token=browser_token)


def development_attempt_purpose(db: Session, rt: Runtime, provider: str, state: str) -> str | None:
    """The purpose (sign-in or confirm) of the open attempt the development provider's page
    may be shown for, or None when there is none for this state."""
    attempt = repository.attempt_by_state_hash(db, token_hash(state))
    if (
        attempt is None
        or attempt.provider != provider
        or attempt.used_at is not None
        or attempt.expires_at <= rt.clock.now()
        or providers.mode(rt.settings, provider) != "development"
    ):
        return None
    return attempt.purpose


def finish(
    db: Session,
    rt: Runtime,
    provider: str,
    params: dict[str, str],
    browser_token: str | None,
    user_agent: str,
    own_origin: str,
) -> Finished:
    """The provider's answer: a login, a register key, a confirmation, or a failure, for the
    popup page."""
    attempt = _claim_attempt(db, rt, provider, params.get("state", ""), browser_token)
    if attempt is None:
        return _failed(own_origin, "", "This sign-in attempt has expired. Please try again.")
    confirming = attempt.purpose == confirmation.CONFIRM
    try:
        person = _identity(rt, provider, params, attempt)
        if confirming:
            # Nobody is signed in, linked or registered: the reader's session stays theirs.
            confirmation.confirm(db, rt, attempt, person)
            message = {"action": "confirm", "provider": provider, "state": attempt.opener_state}
            return Finished(message=message, target_origin=attempt.opener_origin, confirming=True)
        return _resolve(db, rt, person, attempt, user_agent)
    except SocialError as exc:
        failed = _failed(attempt.opener_origin, attempt.opener_state, str(exc))
        return dataclasses.replace(failed, confirming=confirming)


def _claim_attempt(
    db: Session, rt: Runtime, provider: str, state: str, browser_token: str | None
) -> SocialAttempt | None:
    if not state or not browser_token:
        return None
    attempt = repository.attempt_by_state_hash(db, token_hash(state))
    now = rt.clock.now()
    if (
        attempt is None
        or attempt.provider != provider
        or attempt.used_at is not None
        or attempt.expires_at <= now
        or attempt.browser_hash != token_hash(browser_token)
    ):
        return None
    attempt.used_at = now
    return attempt


def _identity(
    rt: Runtime, provider: str, params: dict[str, str], attempt: SocialAttempt
) -> ProviderIdentity:
    if params.get("error"):  # the reader said no at the provider, or closed its page
        doing = "Confirming" if attempt.purpose == confirmation.CONFIRM else "Signing in"
        raise SocialError(f"{doing} with {LABELS[provider]} was cancelled.")
    mode = providers.mode(rt.settings, provider)
    if mode == "development":
        return identity_from_form(provider, params)
    if mode is None:
        raise SocialError(f"Signing in with {LABELS[provider]} is not available here.")
    state = params["state"]
    secret = rt.settings.secret_key
    try:
        return _await(
            remote.identity_from_callback,
            rt.settings,
            provider,
            params,
            redirect_uri(rt, provider, attempt.opener_origin),
            derived(secret, "nonce", state),
            derived(secret, "pkce", state),
        )
    except remote.ProviderFailed as exc:
        log.warning("social sign-in refused: %s", exc)  # for operators: what the provider said
        raise SocialError(
            f"{LABELS[provider]} did not confirm who you are. Please try again."
        ) from None


def _resolve(
    db: Session, rt: Runtime, person: ProviderIdentity, attempt: SocialAttempt, user_agent: str
) -> Finished:
    now = rt.clock.now()
    label = LABELS[person.provider]
    linked = repository.identity_of(db, person.provider, person.subject)
    if linked is not None:
        user = identity_repository.user_by_id(db, linked.user_id)
        assert user is not None  # the link goes with the account (ON DELETE CASCADE)
        if rt.settings.require_email_verification and not user.email_verified:
            # As the password login: a provider that did not vouch for the address (Facebook)
            # made the account, and its verification link has not been followed yet.
            raise SocialError(
                "This email address has not been verified yet. Please follow the link in the "
                "verification email we sent you."
            )
        _remember(linked, person, now)
        return _logged_in(db, rt, user, person, attempt, user_agent)
    if not person.email:
        raise SocialError(
            f"{label} did not share your email address. Please allow it, or register with "
            "your email address and a password."
        )
    user = identity_repository.user_by_email(db, person.email)
    if user is not None:
        if not person.email_verified:
            raise SocialError(
                f"An account with {person.email} already exists, and {label} has not "
                "confirmed that this address is yours. Please log in with your password."
            )
        _link(db, rt, user, person)
        return _logged_in(db, rt, user, person, attempt, user_agent)
    key = new_token()
    db.add(
        SocialRegisterKey(
            key_hash=token_hash(key),
            provider=person.provider,
            subject=person.subject,
            email=person.email,
            email_verified=person.email_verified,
            names=person.names,
            created_at=now,
            expires_at=now + timedelta(minutes=rt.settings.social_attempt_minutes),
        )
    )
    return Finished(
        message=_message("register", attempt, person, state_key=key),
        target_origin=attempt.opener_origin,
    )


def _message(
    action: str,
    attempt: SocialAttempt,
    person: ProviderIdentity,
    *,
    cookie: str = "",
    tracking_id: str = "",
    state_key: str = "",
) -> dict[str, Any]:
    return {
        "action": action,
        "cookie": cookie,
        "tracking_id": tracking_id,
        "identifier": person.email,
        "stateKey": state_key,
        "provider": person.provider,
        "state": attempt.opener_state,  # the opener checks it is the one it made
    }


def _failed(origin: str, opener_state: str, detail: str) -> Finished:
    message = {"action": "error", "message": detail, "state": opener_state}
    return Finished(message=message, target_origin=origin, failure=detail)


def _logged_in(
    db: Session,
    rt: Runtime,
    user: User,
    person: ProviderIdentity,
    attempt: SocialAttempt,
    user_agent: str,
) -> Finished:
    _mark_authenticated(rt, user, person.provider)
    issued = identity_service.start_session(db, rt, user, user_agent)
    message = _message(
        "login",
        attempt,
        person,
        cookie=contract_cookie(issued.token, issued.expires_at),
        tracking_id=user.tracking_id,
    )
    return Finished(message=message, target_origin=attempt.opener_origin, session=issued)


def _remember(linked: SocialIdentity, person: ProviderIdentity, now: Any) -> None:
    linked.last_used_at = now
    if person.email:
        linked.email = person.email
    # Apple tells the name on the first sign-in only: a later one without it keeps it.
    if person.names:
        linked.names = {**linked.names, **person.names}


def _link(db: Session, rt: Runtime, user: User, person: ProviderIdentity) -> None:
    """Link a provider to the existing account of the same, provider-verified address."""
    now = rt.clock.now()
    if not user.email_verified:
        # Someone may have registered this address before its owner (an account made to be
        # taken over once the owner signs in with the provider): the provider has now proven
        # the owner, so whatever that someone set up stops working.
        user.email_verified = True
        user.password_hash = None
        identity_repository.revoke_sessions(db, user.id, now)
    repository.add_identity(db, user.id, person, now)


def _mark_authenticated(rt: Runtime, user: User, provider: str) -> None:
    attributes = dict(user.profile.attributes)
    attributes.setdefault("sso-provider", provider)
    attributes.update({"sso-user": True, f"{provider}-authenticated": True})
    user.profile.attributes = attributes  # a new dict: SQLAlchemy notices replacement
    user.profile.updated_at = rt.clock.now()
