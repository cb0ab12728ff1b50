"""The word lists moderators edit in the staff console, on top of Masthead's defaults
(word_lists.toml): banned words refuse a text everywhere a reader's words are shown; suspect
words hold a comment for a moderator; allowed words undo a false positive of the defaults."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime

WORD_LISTS = ("banned", "suspect", "allowed")
WORD_LENGTH = 64  # a word or a short phrase


class ModerationWord(Base):
    __tablename__ = "moderation_words"
    __table_args__ = (
        CheckConstraint(
            "list IN (" + ", ".join(f"'{name}'" for name in WORD_LISTS) + ")", name="list"
        ),
    )

    list: Mapped[str] = mapped_column(String(16), primary_key=True)  # one of WORD_LISTS
    word: Mapped[str] = mapped_column(String(WORD_LENGTH), primary_key=True)  # normalised
    added_by: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the staff id
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
