"""Every comments query.

The counts are asked by every home, section and story page: one grouped query on the hot
reader (db.PinnedReader), awaited on PostgreSQL, never a unit of work. PinnedReader runs a
statement compiled once, so the post ids are bound one parameter each in a statement built
for a few sizes (COUNT_SIZES): a page's ids fill the smallest that holds them and the rest
repeat the last id (IN ignores repeats). A handful of statements, each prepared once per
connection, instead of one per number of posts.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any, NamedTuple, cast

from sqlalchemy import Integer, Select, String, bindparam, func, literal_column, select
from sqlalchemy.orm import Session

from masthead.articles.api import Article
from masthead.comments.cached_pages import repository as kept_pages
from masthead.comments.models import DELETED, PUBLISHED, REJECTED, Comment
from masthead.comments.thread import Row
from masthead.db import PinnedReader
from masthead.identity.api import Profile

# The statement sizes; the last is the most post ids one counts call may name: the most
# stories a page lists (a section page shows 200), since a page asks for all in one call.
COUNT_SIZES = (1, 2, 4, 8, 16, 32, 64, 128, 200)
MAX_COUNTED_POSTS = COUNT_SIZES[-1]


# Each statement's post parameters' names, made once.
_POST_NAMES = {size: tuple(f"post_{i}" for i in range(size)) for size in COUNT_SIZES}


@cache
def _count_statement(size: int) -> Select[Any]:
    # The status is written into the SQL, not bound: the hot reader binds only what its
    # caller gives (as articles.repository.on_site does).
    published = literal_column(f"'{PUBLISHED}'", String)
    posts = [bindparam(name, type_=Integer) for name in _POST_NAMES[size]]
    statement = (
        select(Comment.post_id, func.count())
        .where(
            Comment.spot_id == bindparam("spot_id", type_=String),
            Comment.status == published,
            Comment.post_id.in_(posts),
        )
        .group_by(Comment.post_id)
    )
    return cast("Select[Any]", statement)


async def published_counts_awaited(
    reads: PinnedReader, spot_id: str, post_ids: Sequence[int]
) -> dict[int, int]:
    """How many published comments each of these posts has in this spot: one query, awaited
    (the event loop serves other requests during the round trip). A post without any is
    missing from the answer. At most MAX_COUNTED_POSTS ids."""
    if not post_ids:
        return {}
    size = next(s for s in COUNT_SIZES if s >= len(post_ids))
    padded = [*post_ids, *([post_ids[-1]] * (size - len(post_ids)))]
    params: dict[str, Any] = dict(zip(_POST_NAMES[size], padded, strict=True))
    params["spot_id"] = spot_id
    rows = await reads.all_awaited(_count_statement(size), params)
    return dict(rows)  # (post_id, count) rows: integers on both databases


# A story's thread: every comment readers may see or whose place they see (published, and
# deleted or rejected ones that may still have published replies), each with its author's
# profile. One query for the whole thread (comments/thread.py builds the page); the statuses
# are written into the SQL, as above.
_SHOWN_STATUSES = tuple(
    literal_column(f"'{status}'", String) for status in (PUBLISHED, DELETED, REJECTED)
)
_THREAD = cast(
    "Select[Any]",
    select(
        Comment.id,
        Comment.parent_id,
        Comment.body,
        Comment.status,
        Comment.created_at,
        Comment.edited_at,
        Comment.author_id,
        Profile.attributes,
        Comment.up_votes,
        Comment.down_votes,
        Comment.hearts,
        Comment.featured_at,
    )
    .outerjoin(Profile, Profile.user_id == Comment.author_id)
    .where(
        Comment.spot_id == bindparam("spot_id", type_=String),
        Comment.post_id == bindparam("post_id", type_=Integer),
        Comment.status.in_(_SHOWN_STATUSES),
    ),
)


async def thread_rows_awaited(reads: PinnedReader, spot_id: str, post_id: int) -> list[Row]:
    """The story's published and deleted comments in this spot, with their authors'
    profiles: one query, awaited."""
    rows = await reads.all_awaited(_THREAD, {"spot_id": spot_id, "post_id": post_id})
    return [Row(*row) for row in rows]


def thread_rows(reads: PinnedReader, spot_id: str, post_id: int) -> list[Row]:
    """The same rows, blocking (the tests compare the awaited read with it)."""
    return [Row(*row) for row in reads.all(_THREAD, {"spot_id": spot_id, "post_id": post_id})]


def profile_attributes(db: Session, user_id: int) -> dict[str, Any] | None:
    """A reader's stored profile (the thread's author view reads it)."""
    attributes: dict[str, Any] | None = db.scalar(
        select(Profile.attributes).where(Profile.user_id == user_id)
    )
    return attributes


class PublishedAuthor(NamedTuple):
    author_id: int | None  # None once the account is erased
    attributes: dict[str, Any] | None  # the author's stored profile
    published: int  # their published comments, on every story
    since: datetime | None  # when the first of them was written


def published_author(db: Session, comment_id: int) -> PublishedAuthor | None:
    """Who wrote this published comment, and how much they have published; None when the
    comment is not published (pending, rejected, deleted) or does not exist."""
    found = db.execute(
        select(Comment.author_id).where(Comment.id == comment_id, Comment.status == PUBLISHED)
    ).first()
    if found is None:
        return None
    author_id = found[0]
    if author_id is None:
        return PublishedAuthor(None, None, 0, None)
    published, since = db.execute(
        select(func.count(), func.min(Comment.created_at)).where(
            Comment.author_id == author_id, Comment.status == PUBLISHED
        )
    ).one()
    return PublishedAuthor(author_id, profile_attributes(db, author_id), published, since)


def add_comment(
    db: Session,
    *,
    spot_id: str,
    post_id: int,
    author_id: int | None,
    body: str,
    status: str,
    now: datetime,
    parent_id: int | None = None,
    held_reason: str | None = None,
) -> Comment:
    """A new comment (the thread's kept pages are rebuilt: cached_pages)."""
    comment = Comment(
        spot_id=spot_id,
        post_id=post_id,
        parent_id=parent_id,
        author_id=author_id,
        body=body,
        status=status,
        held_reason=held_reason,
        created_at=now,
        up_votes=0,
        down_votes=0,
        hearts=0,
        open_reports=0,
    )
    db.add(comment)
    db.flush()  # its id, for replies to name
    kept_pages.bump_version(db, spot_id, post_id)
    return comment


def commented_posts(db: Session, post_ids: Sequence[int]) -> set[int]:
    """Which of these posts have any comment at all, in any status (the demo seed's test)."""
    found = db.scalars(select(Comment.post_id).where(Comment.post_id.in_(post_ids)).distinct())
    return set(found)


def story_spots(db: Session, post_ids: Sequence[int]) -> dict[int, str]:
    """The comments spot of each of these stories that exists."""
    rows = db.execute(
        select(Article.post_id, Article.comments_spot_id).where(Article.post_id.in_(post_ids))
    ).all()
    return {post_id: spot_id for post_id, spot_id in rows}
