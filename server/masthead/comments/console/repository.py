"""Every query of the moderators' console: the queues (keyset pages), a comment's reports,
the bans and the per-site settings."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import and_, delete, or_, select, update
from sqlalchemy.orm import Session, aliased

from masthead.articles.api import Article
from masthead.comments.models import (
    DELETED,
    PENDING,
    PUBLISHED,
    Comment,
    CommentBan,
    CommentReport,
    CommentSiteSettings,
)
from masthead.identity.api import Profile, User


class QueueRow(NamedTuple):
    comment: Comment
    article: Article
    email: str | None
    profile: dict[str, Any] | None


def queue_rows(
    db: Session,
    queue: str,
    spot_id: str | None,
    after: tuple[datetime, int] | tuple[int, int] | None,
    limit: int,
) -> list[QueueRow]:
    """A page of a queue, after the cursor's key: pending oldest first; reported (published
    with open reports) most reports first; all (but deleted ones) newest first."""
    query = (
        select(Comment, Article, User.email, Profile.attributes)
        .join(Article, Article.post_id == Comment.post_id)
        .outerjoin(User, User.id == Comment.author_id)
        .outerjoin(Profile, Profile.user_id == Comment.author_id)
    )
    if spot_id is not None:
        query = query.where(Comment.spot_id == spot_id)
    if queue == "pending":
        query = query.where(Comment.status == PENDING).order_by(Comment.created_at, Comment.id)
        if after is not None:
            moment, last = after
            query = query.where(
                or_(
                    Comment.created_at > moment,
                    and_(Comment.created_at == moment, Comment.id > last),
                )
            )
    elif queue == "reported":
        query = query.where(Comment.status == PUBLISHED, Comment.open_reports > 0).order_by(
            Comment.open_reports.desc(), Comment.id
        )
        if after is not None:
            reports, last = after
            query = query.where(
                or_(
                    Comment.open_reports < reports,
                    and_(Comment.open_reports == reports, Comment.id > last),
                )
            )
    else:
        query = query.where(Comment.status != DELETED).order_by(
            Comment.created_at.desc(), Comment.id.desc()
        )
        if after is not None:
            moment, last = after
            query = query.where(
                or_(
                    Comment.created_at < moment,
                    and_(Comment.created_at == moment, Comment.id < last),
                )
            )
    rows = db.execute(query.limit(limit)).all()
    return [QueueRow(*row) for row in rows]


def queue_row(db: Session, comment_id: int) -> QueueRow | None:
    row = db.execute(
        select(Comment, Article, User.email, Profile.attributes)
        .join(Article, Article.post_id == Comment.post_id)
        .outerjoin(User, User.id == Comment.author_id)
        .outerjoin(Profile, Profile.user_id == Comment.author_id)
        .where(Comment.id == comment_id)
    ).first()
    return None if row is None else QueueRow(*row)


def comment_for_update(db: Session, comment_id: int) -> Comment | None:
    """The comment, locked until the transaction ends (two moderators acting at once)."""
    return db.scalars(select(Comment).where(Comment.id == comment_id).with_for_update()).first()


def open_reports(db: Session, comment_ids: Sequence[int]) -> dict[int, list[CommentReport]]:
    """Each comment's reports no moderator has acted on, newest first."""
    if not comment_ids:
        return {}
    found: dict[int, list[CommentReport]] = {}
    rows = db.scalars(
        select(CommentReport)
        .where(CommentReport.comment_id.in_(comment_ids), CommentReport.resolved_at.is_(None))
        .order_by(CommentReport.created_at.desc(), CommentReport.id.desc())
    )
    for report in rows:
        found.setdefault(report.comment_id, []).append(report)
    return found


def resolve_reports(db: Session, comment: Comment, now: datetime) -> int:
    """Marks the comment's open reports acted on; how many there were."""
    result = db.execute(
        update(CommentReport)
        .where(CommentReport.comment_id == comment.id, CommentReport.resolved_at.is_(None))
        .values(resolved_at=now)
        .execution_options(synchronize_session=False)
    )
    comment.open_reports = 0
    return int(getattr(result, "rowcount", 0) or 0)


def bodies(db: Session, comment_ids: Sequence[int]) -> dict[int, str]:
    if not comment_ids:
        return {}
    rows = db.execute(select(Comment.id, Comment.body).where(Comment.id.in_(comment_ids)))
    return {comment_id: body for comment_id, body in rows}


def banned_among(db: Session, user_ids: Sequence[int], now: datetime) -> set[int]:
    """Which of these readers a ban in force stops."""
    if not user_ids:
        return set()
    return set(
        db.scalars(
            select(CommentBan.user_id).where(
                CommentBan.user_id.in_(user_ids),
                or_(CommentBan.expires_at.is_(None), CommentBan.expires_at > now),
            )
        )
    )


def user(db: Session, user_id: int) -> User | None:
    return db.get(User, user_id)


def ban(db: Session, user_id: int) -> CommentBan | None:
    return db.get(CommentBan, user_id)


def bans_in_force(
    db: Session, now: datetime
) -> list[tuple[CommentBan, str, dict[str, Any] | None, str | None]]:
    """Every ban in force with the reader's email and profile and the moderator's email,
    newest first."""
    moderator = aliased(User)
    rows = db.execute(
        select(CommentBan, User.email, Profile.attributes, moderator.email)
        .join(User, User.id == CommentBan.user_id)
        .outerjoin(moderator, moderator.id == CommentBan.banned_by)
        .outerjoin(Profile, Profile.user_id == CommentBan.user_id)
        .where(or_(CommentBan.expires_at.is_(None), CommentBan.expires_at > now))
        .order_by(CommentBan.created_at.desc(), CommentBan.user_id.desc())
    ).all()
    return [(row[0], row[1], row[2], row[3]) for row in rows]


def remove_ban(db: Session, user_id: int) -> None:
    db.execute(delete(CommentBan).where(CommentBan.user_id == user_id))


def site_settings(db: Session) -> dict[str, CommentSiteSettings]:
    return {row.spot_id: row for row in db.scalars(select(CommentSiteSettings))}
