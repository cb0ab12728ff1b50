"""Notifications (being built by the notifications slice): the writing service calls these
in the transaction that publishes a comment or records a heart."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.comments.models import Comment
from masthead.deps import Runtime


def comment_published(db: Session, rt: Runtime, comment: Comment) -> None:
    """A comment became visible (posted without pre-moderation, or approved): its parent's
    author is told of the reply, and every commenter its body @mentions."""


def heart_given(db: Session, rt: Runtime, comment: Comment, actor_id: int) -> None:
    """A reader gave a comment a heart: its author is told (a like)."""
