"""The queries behind the staff console's reader screens: keeping and searching the accounts'
search terms (search_terms.py), and an account's sessions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Integer,
    Select,
    String,
    and_,
    bindparam,
    exists,
    func,
    select,
    tuple_,
)
from sqlalchemy.orm import QueryableAttribute, Session, aliased

from masthead.identity.models import AuthSession, Profile, ReaderSearchTerm, User
from masthead.identity.search_terms import prefix_end, terms_for


def keep_search_terms(user: User) -> None:
    """Make the account's terms those of its email and names now: the rows that stay are
    kept, so the unit of work never deletes and inserts one key in one flush."""
    wanted = terms_for(user.email, user.profile.attributes if user.profile else {})
    rows = user.search_terms
    for row in [r for r in rows if r.term not in wanted]:
        rows.remove(row)
    have = {row.term for row in rows}
    rows.extend(ReaderSearchTerm(term=term) for term in sorted(wanted - have))


# Index entries of the driving word one page walks at most: a page's cost is bounded however
# many accounts a word begins a term of, and however few of them the other words match.
SCAN_LIMIT = 2000

# The statements are built once per shape (how many words, which of them have an upper
# bound, whether a page follows another) and given the words as parameters: building them
# for each request cost more than running them.
_Bounds = tuple[bool, ...]  # per word, the driver first: whether its range has an end


def _words_params(words: Sequence[str]) -> tuple[_Bounds, dict[str, object]]:
    params: dict[str, object] = {}
    bounded = []
    for i, word in enumerate(words):
        end = prefix_end(word)
        params[f"w{i}_from"] = word
        if end is not None:
            params[f"w{i}_to"] = end
        bounded.append(end is not None)
    return tuple(bounded), params


def _begins(term: QueryableAttribute[str], i: int, bounded: bool) -> ColumnElement[bool]:
    """The term begins word i: it lies in [w{i}_from, w{i}_to) (search_terms.prefix_end)."""
    start = term >= bindparam(f"w{i}_from", type_=String)
    return and_(start, term < bindparam(f"w{i}_to", type_=String)) if bounded else start


@lru_cache(maxsize=64)
def _sizes_statement(bounded: _Bounds) -> Select[Any]:
    term = aliased(ReaderSearchTerm, name="t")
    counts = []
    for i, has_end in enumerate(bounded):
        window = (
            select(term.user_id)
            .where(_begins(term.term, i, has_end))
            .limit(bindparam("cap", type_=Integer))
            .subquery()
        )
        counts.append(select(func.count()).select_from(window).scalar_subquery())
    return select(*counts)


def range_sizes(db: Session, words: Sequence[str], cap: int | None = None) -> list[int]:
    """How many terms each word begins, counted up to `cap` (SCAN_LIMIT + 1: an index-only
    walk of at most that many entries each), in one round trip: enough to tell which word is
    the narrowest."""
    bounded, params = _words_params(words)
    params["cap"] = SCAN_LIMIT + 1 if cap is None else cap
    row = db.execute(_sizes_statement(bounded), params).one()
    return [int(n or 0) for n in row]


@dataclass(frozen=True)
class Found:
    """An account as the search lists it, read as columns (no ORM objects: a page is hot)."""

    term: str  # the driving word's term it matched by: with id, its place in the order
    id: int
    email: str
    tracking_id: str
    email_verified: bool
    created_at: datetime
    attributes: dict[str, Any]


@dataclass(frozen=True)
class MatchPage:
    rows: list[Found]
    # Where the walk stopped when it reached SCAN_LIMIT before the range's end: the next page
    # goes on from there, though this one holds fewer than it was asked for.
    resume: tuple[str, int] | None


def _walked(term: Any, bounded: _Bounds, after: bool) -> list[ColumnElement[bool]]:
    walked = [_begins(term.term, 0, bounded[0])]
    if after:
        walked.append(
            tuple_(term.term, term.user_id)
            > tuple_(bindparam("after_term", type_=String), bindparam("after_id", type_=Integer))
        )
    return walked


@lru_cache(maxsize=256)
def _page_statement(bounded: _Bounds, after: bool) -> Select[Any]:
    """The page for a driving word (word 0) and the other words (1...)."""
    term = aliased(ReaderSearchTerm, name="t")
    earlier = aliased(ReaderSearchTerm, name="earlier")
    window = (
        select(term.term, term.user_id)
        .where(*_walked(term, bounded, after))
        .order_by(term.term, term.user_id)
        .limit(bindparam("scan", type_=Integer))
        .subquery("walk")
    )
    conditions = [
        # Each account once: at the first of its terms the driving word begins.
        ~exists().where(
            earlier.user_id == window.c.user_id,
            earlier.term >= bindparam("w0_from", type_=String),
            earlier.term < window.c.term,
        ),
    ]
    for i, has_end in enumerate(bounded[1:], start=1):
        other = aliased(ReaderSearchTerm, name=f"w{i}")
        conditions.append(
            exists().where(other.user_id == window.c.user_id, _begins(other.term, i, has_end))
        )
    page = (
        select(window.c.term, window.c.user_id)
        .where(*conditions)
        .order_by(window.c.term, window.c.user_id)
        .limit(bindparam("limit", type_=Integer))
        .subquery("page")
    )
    return (
        select(
            page.c.term,
            User.id,
            User.email,
            User.tracking_id,
            User.email_verified,
            User.created_at,
            Profile.attributes,
        )
        .select_from(page)
        .join(User, User.id == page.c.user_id)
        .outerjoin(Profile, Profile.user_id == User.id)
        .order_by(page.c.term, page.c.user_id)
    )


@lru_cache(maxsize=16)
def _walk_end_statement(driver_bounded: bool, after: bool) -> Select[str, int]:
    """The last entry a page's walk reached, when it walked SCAN_LIMIT of them."""
    term = aliased(ReaderSearchTerm, name="t")
    return (
        select(term.term, term.user_id)
        .where(*_walked(term, (driver_bounded,), after))
        .order_by(term.term, term.user_id)
        .offset(bindparam("last", type_=Integer))
        .limit(1)
    )


def matching_page(
    db: Session,
    words: Sequence[str],
    driver: str,
    after: tuple[str, int] | None,
    limit: int,
    *,
    within_scan: bool = False,
) -> MatchPage:
    """Up to `limit` accounts whose terms begin with every word, each once, in the order of
    the term the driving word matched (the account's first such term), then of id: that pair
    is the keyset `after` continues from.

    The (term, user_id) index is walked in order from `after` through the driving word's
    range, at most SCAN_LIMIT entries; each entry costs a probe of the primary key per other
    word. A page therefore costs about `limit` entries when matches are many, and at most
    SCAN_LIMIT when they are few: then `resume` says where the next page goes on (not asked
    when the caller knows the whole range fits in one walk: `within_scan`)."""
    ordered = [driver, *(w for w in words if w != driver)]
    bounded, params = _words_params(ordered)
    params |= {"scan": SCAN_LIMIT, "limit": limit}
    if after is not None:
        params |= {"after_term": after[0], "after_id": after[1]}
    found = db.execute(_page_statement(bounded, after is not None), params).all()
    rows = [
        Found(str(t), int(i), str(e), str(tid), bool(v), c, dict(a or {}))
        for t, i, e, tid, v, c, a in found
    ]
    resume = None
    if len(rows) < limit and not within_scan:  # the walk may have stopped at SCAN_LIMIT: where?
        last = db.execute(
            _walk_end_statement(bounded[0], after is not None), {**params, "last": SCAN_LIMIT - 1}
        ).first()
        resume = None if last is None else (str(last[0]), int(last[1]))
    return MatchPage(rows, resume)


def by_tracking_id(db: Session, tracking_id: str) -> User | None:
    return db.scalars(select(User).where(User.tracking_id == tracking_id)).first()


def sessions_of(db: Session, user_id: int, limit: int) -> Sequence[AuthSession]:
    """The account's newest sessions first."""
    return db.scalars(
        select(AuthSession)
        .where(AuthSession.user_id == user_id)
        .order_by(AuthSession.created_at.desc(), AuthSession.id.desc())
        .limit(limit)
    ).all()


def live_session_count(db: Session, user_id: int, now: datetime) -> int:
    return int(
        db.scalar(
            select(func.count(AuthSession.id)).where(
                AuthSession.user_id == user_id,
                AuthSession.revoked_at.is_(None),
                AuthSession.expires_at > now,
            )
        )
        or 0
    )
