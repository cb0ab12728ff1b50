"""A story's comment thread as readers see it: pure, no I/O.

The repository reads every published and deleted comment of the story in one query (with
each author's profile); this module makes the page out of those rows: which comments show,
their nesting, their order, the page and the cursor of the next one. A story's thread is a
few hundred comments at most, so building it in memory costs less than a query per level.

- A published comment shows. A deleted one shows (as "deleted", without body or author) only
  while a published reply below it does, so the replies keep their place. A reply whose
  parent is not shown at all (pending, rejected, or deleted with nothing published below)
  is not shown either: nothing may hang from a comment readers cannot see.
- Two levels of replies: a top-level comment's replies, and under each reply every comment
  below it (replies to replies, and deeper ones, flattened here, each naming its parent).
  Replies read oldest first, as a conversation does.
- Top-level comments are sorted by SORTS; the cursor is the sort key of the last one given
  (keyset paging: comments added meanwhile do not shift the next page). "best" puts the
  moderators' featured comments first, then the highest score (up votes less down votes),
  then the most published replies, then the newest. Its cursor carries the counters as they
  were: a vote cast meanwhile can move a comment across the page boundary (shown twice or
  skipped once), which a reader paging through a lively thread accepts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from masthead.comments import cursors
from masthead.comments.models import DELETED, PUBLISHED, REJECTED
from masthead.identity.api import initials, read_profile

# "best": featured first, then score (up - down), then the most published replies, then
# newest; "newest" and "oldest" by the time written.
SORTS = ("best", "newest", "oldest")
BEST_KEY_LENGTH = 5  # featured, score, replies, time, id
PAGE_SIZE = 20  # top-level comments per page, each with all its shown replies
FALLBACK_NAME = "Reader"  # an author without any name to show, or a private one without one
ERASED_NAME = "Former reader"  # an author whose account is gone


@dataclass(frozen=True, slots=True)
class Row:
    id: int
    parent_id: int | None
    body: str
    status: str
    created_at: datetime
    edited_at: datetime | None
    author_id: int | None
    profile: dict[str, Any] | None
    up_votes: int = 0
    down_votes: int = 0
    hearts: int = 0
    featured_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Page:
    total: int  # published comments of the story, replies included (as the counts say)
    comments: list[dict[str, Any]]
    next_cursor: str | None


def _micros(moment: datetime) -> int:
    return int(moment.timestamp() * 1_000_000)


def iso_time(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def author_view(author_id: int | None, stored: dict[str, Any] | None) -> dict[str, Any]:
    """What readers see of an author: a name always; initials and avatar colour unless the
    profile is private (then the display name alone, or the fallback without one)."""
    if author_id is None:
        return {"display_name": ERASED_NAME, "initials": None, "avatar_color": None}
    profile = read_profile(stored or {})
    display = str(profile["display-name"]).strip()
    if profile["private-profile"]:
        return {"display_name": display or FALLBACK_NAME, "initials": None, "avatar_color": None}
    name = display or _short_name(str(profile["first-name"]), str(profile["last-name"]))
    return {
        "display_name": name,
        "initials": initials(name) or None,
        "avatar_color": profile["avatar-color"],
    }


def _short_name(first: str, last: str) -> str:
    """ "Jane D.": the first name and the last name's initial, never a reader's full name."""
    first, last_words = first.strip(), last.split()
    if not first:
        return FALLBACK_NAME
    last_initial = initials(last_words[0]) if last_words else ""
    return f"{first} {last_initial}." if last_initial else first


def _shown(rows: Sequence[Row]) -> tuple[set[int], dict[int, int]]:
    """The ids that show, and each top-level comment's number of published replies below it.
    Each published comment walks up to its top-level comment; every comment on a complete
    walk shows."""
    by_id = {row.id: row for row in rows}
    shown: set[int] = set()
    replies_below: dict[int, int] = {}
    for row in rows:
        if row.status != PUBLISHED:
            continue
        path, current = [row], row
        while current.parent_id is not None and len(path) <= len(rows):  # no cycle loops
            parent = by_id.get(current.parent_id)
            if parent is None:
                break  # a parent readers cannot see: the walk is broken
            path.append(parent)
            current = parent
        if current.parent_id is not None:
            continue
        shown.update(r.id for r in path)
        if current is not row:
            replies_below[current.id] = replies_below.get(current.id, 0) + 1
    return shown, replies_below


def _sort_key(sort: str, row: Row, replies: int) -> tuple[int, ...]:
    moment = _micros(row.created_at)
    if sort == "oldest":
        return (moment, row.id)
    if sort == "newest":
        return (-moment, -row.id)
    featured = 1 if row.featured_at is not None else 0
    score = row.up_votes - row.down_votes
    return (-featured, -score, -replies, -moment, -row.id)


def encode_cursor(sort: str, key: tuple[int, ...]) -> str:
    return cursors.encode(sort, key)


def decode_cursor(sort: str, cursor: str) -> tuple[int, ...]:
    """The sort key a cursor carries; BadCursor for anything else, or another sort's."""
    return cursors.decode(sort, cursor, BEST_KEY_LENGTH if sort == "best" else 2)


def comment_view(row: Row, replies: list[dict[str, Any]]) -> dict[str, Any]:
    """One comment as the thread shows it (the writing calls answer the same shape)."""
    # A deleted comment, or one a moderator rejected after replies were published under it,
    # keeps its place for those replies, with nothing of its own.
    removed = row.status == REJECTED
    deleted = row.status == DELETED or removed
    return {
        "id": row.id,
        "parent_id": row.parent_id,
        "deleted": deleted,
        "removed": removed,
        "body": None if deleted else row.body,
        "created_at": iso_time(row.created_at),
        "edited_at": None if deleted else iso_time(row.edited_at),
        "author": None if deleted else author_view(row.author_id, row.profile),
        "up_votes": row.up_votes,
        "down_votes": row.down_votes,
        "hearts": row.hearts,
        "featured": row.featured_at is not None and not deleted,
        "replies": replies,
    }


def _oldest_first(rows: Iterable[Row]) -> list[Row]:
    return sorted(rows, key=lambda row: (row.created_at, row.id))


def _below(row_id: int, children: dict[int, list[Row]]) -> list[Row]:
    """Every comment below this one, at any depth (iterative: no recursion limit)."""
    found, stack = [], list(children.get(row_id, ()))
    while stack:
        row = stack.pop()
        found.append(row)
        stack.extend(children.get(row.id, ()))
    return found


def _replies(top_id: int, children: dict[int, list[Row]]) -> list[dict[str, Any]]:
    """A top-level comment's replies, each with every comment below it: two levels."""
    return [
        comment_view(
            reply, [comment_view(deep, []) for deep in _oldest_first(_below(reply.id, children))]
        )
        for reply in _oldest_first(children.get(top_id, ()))
    ]


def build_page(rows: Sequence[Row], sort: str, after: tuple[int, ...] | None) -> Page:
    """The page of top-level comments after the cursor's key (the first without one)."""
    shown, replies_below = _shown(rows)
    children: dict[int, list[Row]] = {}
    tops: list[tuple[tuple[int, ...], Row]] = []
    for row in rows:
        if row.id not in shown:
            continue
        if row.parent_id is None:
            tops.append((_sort_key(sort, row, replies_below.get(row.id, 0)), row))
        else:
            children.setdefault(row.parent_id, []).append(row)
    tops.sort(key=lambda pair: pair[0])
    if after is not None:
        tops = [pair for pair in tops if pair[0] > after]
    page, rest = tops[:PAGE_SIZE], tops[PAGE_SIZE:]
    comments = [comment_view(top, _replies(top.id, children)) for _, top in page]
    total = sum(1 for row in rows if row.status == PUBLISHED)
    next_cursor = encode_cursor(sort, page[-1][0]) if rest else None
    return Page(total=total, comments=comments, next_cursor=next_cursor)
