"""Every moderation query: the word lists moderators edit."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.moderation.models import ModerationWord


def edited_words(db: Session) -> list[tuple[str, str]]:
    """Every (list, word) moderators added."""
    return [(row.list, row.word) for row in db.scalars(select(ModerationWord))]


def words_in(db: Session, name: str) -> list[str]:
    """One list's words, in alphabetical order."""
    return list(
        db.scalars(
            select(ModerationWord.word)
            .where(ModerationWord.list == name)
            .order_by(ModerationWord.word)
        )
    )


def word(db: Session, name: str, entry: str) -> ModerationWord | None:
    return db.get(ModerationWord, (name, entry))


def add_word(db: Session, name: str, entry: str, added_by: int | None, now: datetime) -> None:
    db.add(ModerationWord(list=name, word=entry, added_by=added_by, created_at=now))
    db.flush()


def remove_word(db: Session, row: ModerationWord) -> None:
    db.delete(row)
    db.flush()
