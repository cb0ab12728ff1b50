"""Every query of the commenters' notifications and follows."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, exists, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased

from masthead.articles.api import Article
from masthead.comments.models import (
    PUBLISHED,
    Comment,
    CommenterFollow,
    CommentNotification,
)
from masthead.identity.api import Profile, User


def published_comment(db: Session, comment_id: int) -> Comment | None:
    found = db.get(Comment, comment_id)
    return found if found is not None and found.status == PUBLISHED else None


def story_authors(db: Session, spot_id: str, post_id: int) -> list[tuple[int, dict[str, Any]]]:
    """Each author of the story's published comments, with their profile: those a mention
    may name."""
    authors = (
        select(Comment.author_id)
        .distinct()
        .where(
            Comment.spot_id == spot_id,
            Comment.post_id == post_id,
            Comment.status == PUBLISHED,
            Comment.author_id.is_not(None),
        )
        .subquery()
    )
    # The profiles joined after DISTINCT: PostgreSQL cannot compare json values.
    rows = db.execute(
        select(authors.c.author_id, Profile.attributes).outerjoin(
            Profile, Profile.user_id == authors.c.author_id
        )
    ).all()
    return [(author_id, dict(attributes or {})) for author_id, attributes in rows]


def user(db: Session, user_id: int) -> User | None:
    return db.get(User, user_id)


def profile_of(db: Session, user_id: int | None) -> dict[str, Any] | None:
    if user_id is None:
        return None
    attributes = db.scalar(select(Profile.attributes).where(Profile.user_id == user_id))
    return dict(attributes) if attributes is not None else {}


def story_of(db: Session, post_id: int) -> Article | None:
    return db.get(Article, post_id)


def notified(
    db: Session, user_id: int, kind: str, *, comment_id: int | None, actor_id: int | None
) -> bool:
    """Whether this reader was told of this already (any comment when comment_id is None)."""
    query = exists().where(
        CommentNotification.user_id == user_id,
        CommentNotification.kind == kind,
        CommentNotification.actor_id == actor_id,
    )
    if comment_id is not None:
        query = query.where(CommentNotification.comment_id == comment_id)
    return bool(db.scalar(select(query)))


def add_notification(
    db: Session,
    *,
    user_id: int,
    kind: str,
    comment_id: int | None,
    actor_id: int | None,
    now: datetime,
) -> CommentNotification:
    row = CommentNotification(
        user_id=user_id, kind=kind, comment_id=comment_id, actor_id=actor_id, created_at=now
    )
    db.add(row)
    db.flush()  # its id
    return row


def follow(db: Session, follower_id: int, followed_id: int, now: datetime) -> bool:
    """Start following; False when already following (a race's second row included)."""
    if db.get(CommenterFollow, (follower_id, followed_id)) is not None:
        return False
    try:
        with db.begin_nested():
            db.add(
                CommenterFollow(follower_id=follower_id, followed_id=followed_id, created_at=now)
            )
    except IntegrityError:
        return False
    return True


def unfollow(db: Session, follower_id: int, followed_id: int) -> None:
    db.execute(
        delete(CommenterFollow).where(
            CommenterFollow.follower_id == follower_id,
            CommenterFollow.followed_id == followed_id,
        )
    )


@dataclass(frozen=True, slots=True)
class Listed:
    """A notification with what its text needs."""

    id: int
    kind: str
    comment_id: int | None
    created_at: datetime
    read_at: datetime | None
    actor_id: int | None
    actor_profile: dict[str, Any] | None
    story: Article | None


def latest(db: Session, user_id: int, limit: int) -> list[Listed]:
    """The reader's newest notifications, newest first, with the actor's profile and the
    story of the comment each is about."""
    actor = aliased(Profile)
    rows = db.execute(
        select(CommentNotification, actor.attributes, Article)
        .outerjoin(actor, actor.user_id == CommentNotification.actor_id)
        .outerjoin(Comment, Comment.id == CommentNotification.comment_id)
        .outerjoin(Article, Article.post_id == Comment.post_id)
        .where(CommentNotification.user_id == user_id)
        .order_by(CommentNotification.created_at.desc(), CommentNotification.id.desc())
        .limit(limit)
    ).all()
    return [
        Listed(
            id=row.id,
            kind=row.kind,
            comment_id=row.comment_id,
            created_at=row.created_at,
            read_at=row.read_at,
            actor_id=row.actor_id,
            actor_profile=dict(attributes) if attributes is not None else None,
            story=story,
        )
        for row, attributes, story in rows
    ]


def unread_count(db: Session, user_id: int) -> int:
    return int(
        db.scalar(
            select(func.count()).where(
                CommentNotification.user_id == user_id, CommentNotification.read_at.is_(None)
            )
        )
        or 0
    )


def mark_all_read(db: Session, user_id: int, now: datetime) -> None:
    db.execute(
        update(CommentNotification)
        .where(CommentNotification.user_id == user_id, CommentNotification.read_at.is_(None))
        .values(read_at=now)
    )
