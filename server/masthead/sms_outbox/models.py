"""The dev text outbox: the texts the 'devoutbox' SMS backend delivered, for people and tests."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class DevText(Base):
    __tablename__ = "dev_text_outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # The sender's idempotency key: a job delivered twice stores (and so "sends") one text.
    key: Mapped[str] = mapped_column(String(160), unique=True)
    to_number: Mapped[str] = mapped_column(String(16), index=True)
    body: Mapped[str] = mapped_column(Text)
    sent_at: Mapped[datetime] = mapped_column(UTCDateTime)
    stop_replied_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
