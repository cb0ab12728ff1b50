"""The outbox: work caused by a state change, committed in the same transaction as the change."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class OutboxJob(Base):
    __tablename__ = "outbox_jobs"
    # The worker's claim filters on both, oldest due first.
    __table_args__ = (Index("ix_outbox_jobs_due", "status", "run_after"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    topic: Mapped[str] = mapped_column(String(64), index=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    run_after: Mapped[datetime] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    done_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    # The request that queued it (logs.py): its log lines carry the same id.
    request_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
