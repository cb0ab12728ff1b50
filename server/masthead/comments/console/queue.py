"""The moderators' queues as the console shows them: pending comments (oldest first, so
nobody waits longest), reported ones (most reports first) and all of them (newest first), a
page at a time, each with its story, its author (email included: staff only), the start of
the comment it answers and its open reports."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from masthead.articles.api import article_path
from masthead.comments import cursors
from masthead.comments.console import repository
from masthead.comments.console.refusals import bad_cursor, comment_not_found
from masthead.comments.console.repository import QueueRow
from masthead.comments.console.schemas import (
    EXCERPT_LENGTH,
    AuthorRef,
    QueueItem,
    QueuePage,
    ReportOut,
    StoryRef,
)
from masthead.comments.thread import author_view

PAGE_SIZE = 25
CURSOR_LENGTH = 200


def _micros(moment: datetime) -> int:
    return int(moment.timestamp() * 1_000_000)


def _moment(micros: int) -> datetime:
    return datetime.fromtimestamp(micros / 1_000_000, tz=UTC)


def encode_cursor(queue: str, row: QueueRow) -> str:
    comment = row.comment
    first = comment.open_reports if queue == "reported" else _micros(comment.created_at)
    return cursors.encode(queue, (first, comment.id))


def decode_cursor(queue: str, cursor: str) -> tuple[datetime, int] | tuple[int, int]:
    """The key a cursor of this queue carries, or the 400 that says what to send."""
    try:
        first, comment_id = cursors.decode(queue, cursor, 2)
    except cursors.BadCursor:
        raise bad_cursor() from None
    if not 0 <= comment_id < 2**31:
        raise bad_cursor()
    if queue == "reported":
        return (first, comment_id)
    try:
        return (_moment(first), comment_id)
    except (OverflowError, OSError, ValueError):
        raise bad_cursor() from None


def page(
    db: Session, now: datetime, queue: str, spot_id: str | None, cursor: str | None
) -> QueuePage:
    after = None if cursor is None else decode_cursor(queue, cursor)
    rows = repository.queue_rows(db, queue, spot_id, after, PAGE_SIZE + 1)
    shown = rows[:PAGE_SIZE]
    items = items_of(db, now, shown)
    more = len(rows) > PAGE_SIZE
    return QueuePage(items=items, next_cursor=encode_cursor(queue, shown[-1]) if more else None)


def item(db: Session, now: datetime, comment_id: int) -> QueueItem:
    row = repository.queue_row(db, comment_id)
    if row is None:
        raise comment_not_found()
    return items_of(db, now, [row])[0]


def _excerpt(body: str) -> str:
    flat = " ".join(body.split())
    return flat if len(flat) <= EXCERPT_LENGTH else flat[: EXCERPT_LENGTH - 1] + "\u2026"


def items_of(db: Session, now: datetime, rows: Sequence[QueueRow]) -> list[QueueItem]:
    """The rows as the console shows them: four queries for the whole page."""
    ids = [row.comment.id for row in rows]
    reports = repository.open_reports(db, ids)
    parents = repository.bodies(db, [r.comment.parent_id for r in rows if r.comment.parent_id])
    authors = [row.comment.author_id for row in rows if row.comment.author_id is not None]
    banned = repository.banned_among(db, authors, now)
    items = []
    for row in rows:
        comment, article = row.comment, row.article
        name = author_view(comment.author_id, row.profile)["display_name"]
        parent = None if comment.parent_id is None else parents.get(comment.parent_id)
        items.append(
            QueueItem(
                id=comment.id,
                spot_id=comment.spot_id,
                status=comment.status,
                body=comment.body,
                created_at=comment.created_at,
                edited_at=comment.edited_at,
                held_reason=comment.held_reason,
                featured=comment.featured_at is not None,
                open_reports=comment.open_reports,
                reports=[
                    ReportOut(reason=r.reason, note=r.note, created_at=r.created_at)
                    for r in reports.get(comment.id, [])
                ],
                parent_id=comment.parent_id,
                parent_excerpt=None if parent is None else _excerpt(parent),
                story=StoryRef(
                    post_id=article.post_id, title=article.headline, url=article_path(article)
                ),
                author=AuthorRef(
                    user_id=comment.author_id,
                    display_name=name,
                    email=row.email,
                    banned=comment.author_id in banned,
                ),
            )
        )
    return items
