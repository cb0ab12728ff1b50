"""Every moderation query: the word lists moderators edit."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.moderation.models import ModerationWord


def edited_words(db: Session) -> list[tuple[str, str]]:
    """Every (list, word) moderators added."""
    return [(row.list, row.word) for row in db.scalars(select(ModerationWord))]
