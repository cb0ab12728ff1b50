"""Text alerts' tables: each reader's alert state, and the consent records (a legal record:
the exact words a reader agreed to, to which number, and when; and when it was withdrawn)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class TextAlert(Base):
    """A reader's text alerts now: the number (E.164) and whether texts go to it."""

    __tablename__ = "text_alerts"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    phone_e164: Mapped[str] = mapped_column(String(16), index=True)
    opted_in: Mapped[bool] = mapped_column(Boolean, default=False)
    # The consent record of the current opt-in (None once opted out).
    consent_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class TextConsent(Base):
    """One opt-in, never rewritten but for its withdrawal: the wording shown beside the
    button, the number it covers, where it was given, and how it ended."""

    __tablename__ = "text_alert_consents"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    phone_e164: Mapped[str] = mapped_column(String(16))
    wording: Mapped[str] = mapped_column(Text)
    given_at: Mapped[datetime] = mapped_column(UTCDateTime)
    source: Mapped[str] = mapped_column(String(16))  # settings | onboarding
    withdrawn_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    withdrawn_by: Mapped[str | None] = mapped_column(String(16), nullable=True)  # reader | stop
