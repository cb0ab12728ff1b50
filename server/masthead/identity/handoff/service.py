"""Hand-off rules: mint a one-time code for a signed-in reader, redeem it on the target host
for a new session there, and chain codes through every brand's site after a sign-in.

The caller's transaction commits; a code and the session it becomes land together.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlencode, urlsplit

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity import repository as identity_repository
from masthead.identity.handoff import repository, targets
from masthead.identity.handoff.models import HandoffCode
from masthead.identity.repository import Reader
from masthead.identity.service import IssuedSession, start_session
from masthead.identity.tokens import new_token, token_hash

UNKNOWN = "This sign-in link is not valid. Please log in instead."
SPENT = "This sign-in link has expired or was already used. Please log in instead."
OTHER_HOST = "This sign-in link is for another of our sites. Please log in instead."
OTHER_NETWORK = (
    "This sign-in link was made on another network or device. Please log in here with your "
    "email address and password."
)
SOMEONE_ELSE = (
    "You are already signed in here with another account. Log out first, then open the "
    "sign-in link again."
)
BAD_PATH = "The redirect must be a path on our site, such as /account/settings."
NO_BRAND = "There is no site for that brand here."


class HandoffError(Exception):
    """A refusal; routes map it to its status."""

    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.type = type_
        self.message = message


@dataclass(frozen=True)
class Minted:
    code: str
    url: str


@dataclass(frozen=True)
class Redeemed:
    redirect: str
    mobile_app: bool
    # The new session; None when the reader was signed in here already as themself.
    issued: IssuedSession | None


def _family_of(db: Session, reader: Reader) -> str:
    """The reader's session family, founded now if the session has none yet."""
    family = repository.session_family(db, reader.session_id)
    if family is None:
        family = secrets.token_hex(16)
        repository.set_session_family(db, reader.session_id, family)
    return family


def address_mark(rt: Runtime, address: str) -> str:
    """The client address a code is bound to, as stored: a keyed hash, never the address."""
    message = f"handoff-address:{address}".encode()
    return hmac.new(rt.settings.secret_key.encode(), message, hashlib.sha256).hexdigest()


def _mint(
    db: Session, rt: Runtime, reader: Reader, host: str, redirect: str, *, app: bool, address: str
) -> str:
    now = rt.clock.now()
    repository.forget_codes_before(db, now - timedelta(hours=1))
    code = new_token()  # 32 random bytes, URL-safe
    repository.add_code(
        db,
        HandoffCode(
            code_hash=token_hash(code),
            user_id=reader.user_id,
            target_host=host,
            redirect=redirect,
            mobile_app=app,
            family=None if app else _family_of(db, reader),
            minted_from=address_mark(rt, address),
            created_at=now,
            expires_at=now + timedelta(seconds=rt.settings.handoff_code_seconds),
        ),
    )
    return code


def mint(
    db: Session, rt: Runtime, reader: Reader, brand: str, redirect: str, *, app: bool, address: str
) -> Minted:
    path = targets.landing_path(redirect)
    if path is None:
        raise HandoffError(400, "bad-request", BAD_PATH)
    origin = targets.brand_origins(rt.settings).get(brand)
    if origin is None:
        raise HandoffError(400, "bad-request", NO_BRAND)
    code = _mint(db, rt, reader, urlsplit(origin).hostname or "", path, app=app, address=address)
    query = {"code": code, "redirect": path} | ({"mobileApp": "true"} if app else {})
    return Minted(code=code, url=f"{origin}{targets.SCREEN_PATH}?{urlencode(query)}")


def redeem(
    db: Session,
    rt: Runtime,
    code: str,
    host: str,
    current: Reader | None,
    user_agent: str,
    address: str,
) -> Redeemed:
    """A new session on this host for the code's reader. Refused: an unknown code, a spent or
    expired one, one for another host, one redeemed from another client address than minted
    it, and a browser signed in here as someone else. The last two are sign-ins forged from a
    link: a code someone minted for their own account, sent to another reader, must neither
    sign that reader's browser in to it (login CSRF) nor switch accounts under them. The code
    stays good for the browser it was made for."""
    row = repository.code_by_hash(db, token_hash(code))
    now = rt.clock.now()
    if row is None:
        raise HandoffError(400, "handoff-invalid", UNKNOWN)
    if row.target_host != host.lower():
        raise HandoffError(400, "handoff-other-host", OTHER_HOST)
    if row.used_at is not None or row.expires_at <= now:
        raise HandoffError(410, "handoff-expired", SPENT)
    if row.minted_from is not None and not hmac.compare_digest(
        row.minted_from, address_mark(rt, address)
    ):
        raise HandoffError(400, "handoff-other-network", OTHER_NETWORK)
    if current is not None and current.user_id != row.user_id:
        raise HandoffError(409, "signed-in-as-someone-else", SOMEONE_ELSE)
    if not repository.mark_used(db, row.id, now):
        raise HandoffError(410, "handoff-expired", SPENT)
    issued = None
    if current is not None and row.family is not None:
        # Signed in here already as themself: this session joins the new sign-in's family,
        # so that signing out anywhere ends it too.
        repository.set_session_family(db, current.session_id, row.family)
    if current is None:
        user = identity_repository.user_by_id(db, row.user_id)
        if user is None:  # erased since: the cascade took the code too, but be sure
            raise HandoffError(400, "handoff-invalid", UNKNOWN)
        issued = start_session(db, rt, user, user_agent, family=row.family)
    return Redeemed(redirect=row.redirect, mobile_app=row.mobile_app, issued=issued)


def chain(
    db: Session, rt: Runtime, reader: Reader | None, host: str, back_to: str, address: str
) -> str:
    """Where the browser goes first to be signed in on every other brand's site, ending at
    back_to (already accepted): a hop per other brand, each with its own code, nested."""
    if reader is None or rt.settings.brand or not rt.settings.sign_in_all_brands:
        return back_to
    here = targets.brand_of_host(rt.settings, host)
    if here is None:
        return back_to
    destination = back_to
    for brand, origin in targets.brand_origins(rt.settings).items():
        target_host = urlsplit(origin).hostname or ""
        if brand == here or target_host == host.lower():
            continue
        code = _mint(db, rt, reader, target_host, "/", app=False, address=address)
        destination = f"{origin}{targets.HOP_PATH}?{urlencode({'code': code, 'next': destination})}"
    return destination
