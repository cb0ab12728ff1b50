"""Readers' feedback to the publisher, kept as written."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class FeedbackMessage(Base):
    __tablename__ = "feedback_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # SET NULL: deleting the account erases the reader from the message (reader_data blanks
    # the address too), while the publisher keeps what was said about its service.
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    email: Mapped[str] = mapped_column(String(320))  # the reader's address at the time
    topic: Mapped[str] = mapped_column(String(32))
    message: Mapped[str] = mapped_column(Text)
    may_reply: Mapped[bool] = mapped_column(Boolean, default=False)
    brand: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
