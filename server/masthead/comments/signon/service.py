"""Single sign-on into the comments (spec section 7), and the comments session.

1. start: the comments client asks for a code_a; its browser gets a binding cookie
   (mh_comments_sso) whose hash the code keeps.
2. the page, with the reader's Masthead session, exchanges code_a for codeB: the code now
   names the reader and that Masthead session.
3. complete: the client redeems codeB, in the browser the code was bound to, for a comments
   session (mh_comments) that ends with the Masthead session.

Codes and tokens are random (secrets.token_urlsafe); only their SHA-256 is stored. Each code
works once and for CODE_LIFE. A comments session is live while it is not ended, its Masthead
session is neither revoked nor expired, and its account exists: logging out of Masthead ends
the comments session too.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from masthead.comments import repository as comment_rows
from masthead.comments.signon import repository
from masthead.comments.thread import author_view
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import Reader, token_hash

CODE_LIFE = timedelta(minutes=5)  # code_a, then codeB: the hand-over takes a second
BINDING_LIFE = timedelta(minutes=10)  # the mh_comments_sso cookie
BINDING_LENGTH = 100  # a binding cookie longer than any given is not one of ours

INVALID_CODE = (
    "This sign-in attempt has expired or was already used. Please reload the page and try again."
)
NOT_SIGNED_IN = "Log in to join the conversation."
SIGNED_OUT = "Signed out of comments."


@dataclass(frozen=True, slots=True)
class Started:
    code_a: str
    binding: str  # the mh_comments_sso cookie's value


@dataclass(frozen=True, slots=True)
class Completed:
    commenter: dict[str, Any]
    token: str  # the mh_comments cookie's value
    expires_at: datetime


def _invalid() -> ApiError:
    return ApiError(400, "invalid-code", INVALID_CODE)


def start(db: Session, rt: Runtime, binding: str | None) -> Started:
    """A new code_a, bound to this browser: its binding cookie if it sent one of ours (two
    comment areas starting at once keep one binding), else a new one."""
    if not binding or len(binding) > BINDING_LENGTH:
        binding = secrets.token_urlsafe(32)
    code_a, now = secrets.token_urlsafe(32), rt.clock.now()
    repository.add_code(db, token_hash(code_a), token_hash(binding), now, now + CODE_LIFE)
    return Started(code_a, binding)


def exchange(db: Session, rt: Runtime, reader: Reader | None, code_a: str) -> str:
    """The page's step: codeB for a code_a not yet used, bound to the signed-in reader."""
    if reader is None:
        raise ApiError(401, "not-signed-in", NOT_SIGNED_IN)
    now = rt.clock.now()
    code = repository.code_by_a(db, token_hash(code_a))
    if code is None or code.code_b_hash is not None or code.expires_at <= now:
        raise _invalid()
    code_b = secrets.token_urlsafe(32)
    code.user_id, code.auth_session_id = reader.user_id, reader.session_id
    code.code_b_hash = token_hash(code_b)
    return code_b


def complete(db: Session, rt: Runtime, code_b: str, binding: str | None) -> Completed:
    """The client's step: a comments session for a codeB not yet redeemed, in the browser its
    code_a was given to, while the Masthead session it was issued under is live."""
    now = rt.clock.now()
    code = repository.code_by_b(db, token_hash(code_b))
    if (
        code is None
        or code.redeemed_at is not None
        or code.expires_at <= now
        or not binding
        or not secrets.compare_digest(code.browser_hash, token_hash(binding))
        or code.user_id is None
        or code.auth_session_id is None
    ):
        raise _invalid()
    ends = repository.live_auth_session_expiry(db, code.auth_session_id, now)
    if ends is None:  # signed out of Masthead meanwhile
        raise _invalid()
    code.redeemed_at = now
    token = secrets.token_urlsafe(32)
    repository.add_session(
        db,
        token_hash=token_hash(token),
        user_id=code.user_id,
        auth_session_id=code.auth_session_id,
        now=now,
        expires_at=ends,
    )
    return Completed(commenter_view(db, code.user_id), token, ends)


def commenter_view(db: Session, user_id: int) -> dict[str, Any]:
    """The commenter as the thread shows them (comments/thread.author_view)."""
    return author_view(user_id, comment_rows.profile_attributes(db, user_id))


def logout(db: Session, rt: Runtime, token: str | None) -> None:
    """End the comments session (if any: signing out twice is the same as once)."""
    if token:
        repository.end_session(db, token_hash(token), rt.clock.now())


def commenter_from_cookie(db: Session, rt: Runtime, token: str | None) -> int | None:
    """The commenter (user id) of the request's mh_comments cookie, if its session is live."""
    if not token or len(token) > BINDING_LENGTH:
        return None
    return repository.live_session_user(db, token_hash(token), rt.clock.now())
