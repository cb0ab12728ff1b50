"""The kept first pages of the threads, and each thread's version (bumped by every write)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.comments.models import SPOT_ID_LENGTH
from masthead.db import Base, UTCDateTime


class CommentThreadVersion(Base):
    """How many times a story's thread changed: every comment write adds one. A thread that
    never changed through the service (seeded or imported rows) has no row: version 0."""

    __tablename__ = "comment_thread_versions"

    spot_id: Mapped[str] = mapped_column(String(SPOT_ID_LENGTH), primary_key=True)
    post_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("articles.post_id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, default=0)


class CommentThreadPage(Base):
    """A thread's first page in one order, as the thread call answers it (its JSON), built from
    the thread's `version` at `built_at`."""

    __tablename__ = "comment_thread_pages"

    spot_id: Mapped[str] = mapped_column(String(SPOT_ID_LENGTH), primary_key=True)
    post_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("articles.post_id", ondelete="CASCADE"), primary_key=True
    )
    sort: Mapped[str] = mapped_column(String(16), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    body: Mapped[str] = mapped_column(Text)
    built_at: Mapped[datetime] = mapped_column(UTCDateTime)
