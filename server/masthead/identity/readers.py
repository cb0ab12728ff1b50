"""Accounts as the staff console's reader screens find, see and act on them (the support
domain calls these through identity.api): the search, an account by id as the Reader other
domains' services take, its sessions, and the actions identity owns.

The caller's transaction commits; an action and the mail it sends land together.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity import readers_repository, repository
from masthead.identity.models import HomeDelivery, User
from masthead.identity.profile_fields import read_profile
from masthead.identity.repository import Reader
from masthead.identity.search_terms import TERM_LENGTH, read_query
from masthead.identity.service import IdentityError, send_verification

MAX_PAGE = 50


@dataclass(frozen=True)
class ReaderHit:
    user_id: int
    email: str
    tracking_id: str
    full_name: str
    display_name: str
    email_verified: bool
    created_at: datetime


@dataclass(frozen=True)
class ReaderMatches:
    hits: list[ReaderHit]
    # Where the next page starts (the `after` to ask it with); None on the last page. A page
    # walks a bounded stretch of the index (readers_repository.SCAN_LIMIT), so one with fewer
    # hits than asked for, even none, may still have a next.
    next: tuple[str, int] | None


def search_readers(
    db: Session, text: str, after: tuple[str, int] | None, limit: int
) -> ReaderMatches:
    """Accounts found by email (prefix), name (a prefix of a word, per word of the query) or
    tracking id (exactly), a page at a time (search_terms.py says how). A query with nothing
    to search by (blank once folded) finds nobody. `after` is a page's `next`: any (term, id)
    is a place in the order, so none is refused."""
    query = read_query(text)
    limit = max(1, min(limit, MAX_PAGE))
    if query.empty:
        return ReaderMatches([], None)
    if query.tracking_id is not None:
        user = None if after else readers_repository.by_tracking_id(db, query.tracking_id)
        return ReaderMatches([_hit(user)] if user else [], None)
    if after is not None:
        after = (after[0].replace("\x00", "")[:TERM_LENGTH], after[1])
    driver, within_scan = query.words[0], False
    if len(query.words) > 1:  # walk the narrowest word's terms; probe the others
        sizes = dict(zip(query.words, readers_repository.range_sizes(db, query.words), strict=True))
        if min(sizes.values()) == 0:
            return ReaderMatches([], None)
        driver = min(query.words, key=lambda word: (sizes[word], -len(word)))
        within_scan = sizes[driver] <= readers_repository.SCAN_LIMIT
    page = readers_repository.matching_page(
        db, query.words, driver, after, limit + 1, within_scan=within_scan
    )
    shown = page.rows[:limit]
    if len(page.rows) > limit:
        following: tuple[str, int] | None = (shown[-1].term, shown[-1].id)
    else:
        following = page.resume
    return ReaderMatches(hits=[_listed(row) for row in shown], next=following)


def _hit(user: User) -> ReaderHit:
    return _reader_hit(
        user.id,
        user.email,
        user.tracking_id,
        user.email_verified,
        user.created_at,
        user.profile.attributes if user.profile else {},
    )


def _listed(row: readers_repository.Found) -> ReaderHit:
    return _reader_hit(
        row.id, row.email, row.tracking_id, row.email_verified, row.created_at, row.attributes
    )


def _reader_hit(
    user_id: int,
    email: str,
    tracking_id: str,
    email_verified: bool,
    created_at: datetime,
    attributes: dict[str, Any],
) -> ReaderHit:
    profile = read_profile(attributes)
    return ReaderHit(
        user_id=user_id,
        email=email,
        tracking_id=tracking_id,
        full_name=str(profile["full-name"] or ""),
        display_name=str(profile["display-name"] or ""),
        email_verified=email_verified,
        created_at=created_at,
    )


def account(db: Session, user_id: int) -> User | None:
    return repository.user_by_id(db, user_id)


def reader_of(db: Session, user: User) -> Reader:
    """The account as the Reader other domains' services take, outside any session of its own
    (session_id 0): what a member of staff acts on. Home delivery counts as the session read
    counts it: an active grant for the address, once the address is verified."""
    grant = db.get(HomeDelivery, user.email)
    return Reader(
        session_id=0,
        user_id=user.id,
        email=user.email,
        tracking_id=user.tracking_id,
        attributes=dict(user.profile.attributes if user.profile else {}),
        home_delivery=bool(grant and grant.active and user.email_verified),
    )


@dataclass(frozen=True)
class SessionView:
    """A session as staff see it: when and on what, never its token."""

    id: int
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None
    user_agent: str
    live: bool


def sessions(db: Session, rt: Runtime, user_id: int, limit: int = 20) -> list[SessionView]:
    now = rt.clock.now()
    return [
        SessionView(
            id=row.id,
            created_at=row.created_at,
            expires_at=row.expires_at,
            revoked_at=row.revoked_at,
            user_agent=row.user_agent,
            live=row.revoked_at is None and row.expires_at > now,
        )
        for row in readers_repository.sessions_of(db, user_id, limit)
    ]


def live_sessions(db: Session, rt: Runtime, user_id: int) -> int:
    return readers_repository.live_session_count(db, user_id, rt.clock.now())


def revoke_all_sessions(db: Session, rt: Runtime, user_id: int) -> int:
    """Sign the account out everywhere; how many live sessions ended (409 no-sessions: none)."""
    now = rt.clock.now()
    live = readers_repository.live_session_count(db, user_id, now)
    if live == 0:
        raise IdentityError("no-sessions", "This reader is not signed in anywhere.")
    repository.revoke_sessions(db, user_id, now)
    return live


def resend_verification(db: Session, rt: Runtime, user: User) -> None:
    """The verification mail again, as registration sends it (409 already-verified)."""
    if user.email_verified:
        raise IdentityError("already-verified", "This reader's email address is verified already.")
    send_verification(db, rt, user)
