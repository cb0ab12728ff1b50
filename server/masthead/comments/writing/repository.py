"""Every query of the readers' writing calls. Counters move by SQL (n = n + delta) in the
caller's transaction, so concurrent votes never lose one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.articles.api import Article
from masthead.comments.models import (
    DELETED,
    PUBLISHED,
    Comment,
    CommentBan,
    CommenterFollow,
    CommentNotification,
    CommentOpinion,
    CommentReport,
)
from masthead.comments.thread import Row
from masthead.identity.api import User


def story_in_spot(db: Session, spot_id: str, post_id: int) -> bool:
    found = db.scalar(
        select(Article.post_id).where(
            Article.post_id == post_id, Article.comments_spot_id == spot_id
        )
    )
    return found is not None


def comment(db: Session, comment_id: int, *, lock: bool = False) -> Comment | None:
    query = select(Comment).where(Comment.id == comment_id)
    return db.scalars(query.with_for_update() if lock else query).first()


def user(db: Session, user_id: int) -> User | None:
    return db.get(User, user_id)


def banned(db: Session, user_id: int, now: datetime) -> bool:
    found = db.scalar(
        select(CommentBan.user_id).where(
            CommentBan.user_id == user_id,
            or_(CommentBan.expires_at.is_(None), CommentBan.expires_at > now),
        )
    )
    return found is not None


def has_published(db: Session, author_id: int) -> bool:
    found = db.scalar(
        select(Comment.id)
        .where(Comment.author_id == author_id, Comment.status == PUBLISHED)
        .limit(1)
    )
    return found is not None


def recent_bodies(
    db: Session, author_id: int, since: datetime, leave_out: int | None = None
) -> list[str]:
    """The author's comments since then, on any story, in any status but deleted."""
    query = select(Comment.body).where(
        Comment.author_id == author_id, Comment.created_at >= since, Comment.status != DELETED
    )
    if leave_out is not None:
        query = query.where(Comment.id != leave_out)
    return list(db.scalars(query))


def opinion(db: Session, comment_id: int, user_id: int, now: datetime) -> CommentOpinion:
    """The reader's opinion row of the comment, locked; made (neutral) if there is none. Two
    first opinions at once: the second insert fails on the key and reads the first's row."""
    query = (
        select(CommentOpinion)
        .where(CommentOpinion.comment_id == comment_id, CommentOpinion.user_id == user_id)
        .with_for_update()
    )
    found = db.scalars(query).first()
    if found is not None:
        return found
    made = CommentOpinion(
        comment_id=comment_id, user_id=user_id, vote=0, heart=False, updated_at=now
    )
    try:
        with db.begin_nested():
            db.add(made)
    except IntegrityError:
        return db.scalars(query).one()
    return made


def bump(db: Session, comment_id: int, **deltas: int) -> None:
    """Add these deltas to the comment's counters (up_votes=1, hearts=-1, ...)."""
    values = {name: getattr(Comment, name) + delta for name, delta in deltas.items() if delta}
    if values:
        db.execute(update(Comment).where(Comment.id == comment_id).values(**values))


def counters(db: Session, comment_id: int) -> tuple[int, int, int]:
    """up_votes, down_votes, hearts as stored now."""
    row = db.execute(
        select(Comment.up_votes, Comment.down_votes, Comment.hearts).where(Comment.id == comment_id)
    ).one()
    return int(row[0]), int(row[1]), int(row[2])


def add_report(
    db: Session, *, comment_id: int, reporter_id: int, reason: str, note: str, now: datetime
) -> bool:
    """The reader's report, if they have not reported this comment yet: whether it is new."""
    query = select(CommentReport.id).where(
        CommentReport.comment_id == comment_id, CommentReport.reporter_id == reporter_id
    )
    if db.scalar(query) is not None:
        return False
    try:
        with db.begin_nested():
            db.add(
                CommentReport(
                    comment_id=comment_id,
                    reporter_id=reporter_id,
                    reason=reason,
                    note=note,
                    created_at=now,
                )
            )
    except IntegrityError:  # the same reader's report a moment ago
        return False
    return True


def opinions_on_story(
    db: Session, user_id: int, spot_id: str, post_id: int
) -> list[tuple[int, int, bool]]:
    rows = db.execute(
        select(CommentOpinion.comment_id, CommentOpinion.vote, CommentOpinion.heart)
        .join(Comment, Comment.id == CommentOpinion.comment_id)
        .where(
            CommentOpinion.user_id == user_id,
            Comment.spot_id == spot_id,
            Comment.post_id == post_id,
            or_(CommentOpinion.vote != 0, CommentOpinion.heart),
        )
    ).all()
    return [(int(c), int(v), bool(h)) for c, v, h in rows]


def own_on_story(db: Session, user_id: int, spot_id: str, post_id: int) -> list[Comment]:
    """The reader's comments on the story in any status but deleted, oldest first."""
    return list(
        db.scalars(
            select(Comment)
            .where(
                Comment.author_id == user_id,
                Comment.spot_id == spot_id,
                Comment.post_id == post_id,
                Comment.status != DELETED,
            )
            .order_by(Comment.created_at, Comment.id)
        )
    )


def followed_on_story(db: Session, user_id: int, spot_id: str, post_id: int) -> list[int]:
    """The story's published comments whose authors the reader follows."""
    followed = select(CommenterFollow.followed_id).where(CommenterFollow.follower_id == user_id)
    return list(
        db.scalars(
            select(Comment.id).where(
                Comment.spot_id == spot_id,
                Comment.post_id == post_id,
                Comment.status == PUBLISHED,
                Comment.author_id.in_(followed),
            )
        )
    )


def unread_notifications(db: Session, user_id: int) -> int:
    count = db.scalar(
        select(func.count())
        .select_from(CommentNotification)
        .where(CommentNotification.user_id == user_id, CommentNotification.read_at.is_(None))
    )
    return int(count or 0)


def row_of(written: Comment, profile: dict[str, Any] | None) -> Row:
    """A comment as the thread's rows carry it (to show it as the thread does)."""
    return Row(
        id=written.id,
        parent_id=written.parent_id,
        body=written.body,
        status=written.status,
        created_at=written.created_at,
        edited_at=written.edited_at,
        author_id=written.author_id,
        profile=profile,
        up_votes=written.up_votes or 0,
        down_votes=written.down_votes or 0,
        hearts=written.hearts or 0,
        featured_at=written.featured_at,
    )
