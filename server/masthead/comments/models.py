"""The comments table: every reader's comment and reply under a story, in every status.

One table holds the whole thread: a reply names its parent comment (`parent_id`), so threads
go as deep as the client draws them (the issue asks for two levels at least). A comment is
never removed when it is taken down: its status changes (moderation keeps what it judged,
and a deleted comment with replies keeps its place in the thread).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime

# What is stored in `status`. Only a published comment is counted and shown to readers.
PUBLISHED = "published"
PENDING = "pending"  # waits for a moderator (pre-moderation)
REJECTED = "rejected"  # a moderator refused it
DELETED = "deleted"  # its author (or staff) took it down
STATUSES = (PUBLISHED, PENDING, REJECTED, DELETED)

# Limits of the columns (the service checks them first, with clear messages).
SPOT_ID_LENGTH = 64  # OpenWeb's spot ids are short: "sp_" and a few letters
BODY_LENGTH = 10_000  # the column's room; the comment rule is shorter and the service's


class Comment(Base):
    __tablename__ = "comments"
    __table_args__ = (
        CheckConstraint(
            "status IN (" + ", ".join(f"'{status}'" for status in STATUSES) + ")",
            name="status",
        ),
        # The counts call (every home, section and story page) asks, per spot and post,
        # how many are published: all three columns in one index, so PostgreSQL answers
        # from the index alone (an index-only scan) and SQLite from the covering index.
        Index("ix_comments_spot_id_post_id_status", "spot_id", "post_id", "status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # The comments service's site (the brand's spot id) and the story's post id: the pair
    # the spec's calls name a conversation by. A story that is deleted takes its comments.
    spot_id: Mapped[str] = mapped_column(String(SPOT_ID_LENGTH))
    post_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("articles.post_id", ondelete="CASCADE")
    )
    # The comment this one answers; None for a comment on the story itself.
    parent_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("comments.id", ondelete="CASCADE"), nullable=True, index=True
    )
    # Its author; None once the account is erased (the thread keeps the place of the reply).
    author_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    body: Mapped[str] = mapped_column(Text)  # plain text: escaped wherever it is shown
    status: Mapped[str] = mapped_column(String(16))  # one of STATUSES
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    edited_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
