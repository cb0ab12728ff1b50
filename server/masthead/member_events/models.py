"""Member events' table: a small list editors keep (title, when, where, a link), shown to
members in the onboarding's events step."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class MemberEvent(Base):
    __tablename__ = "member_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    # One instant in UTC; the account area shows it in the reader's own time zone.
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    place: Mapped[str] = mapped_column(String(200))
    link: Mapped[str] = mapped_column(String(2048))  # https only (rules.py)
    description: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
