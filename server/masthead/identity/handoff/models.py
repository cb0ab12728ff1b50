"""The hand-off codes: one-time, short-lived, stored hashed, bound to a reader and a host."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class HandoffCode(Base):
    __tablename__ = "handoff_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # The host name (no port) the code may be redeemed on: one brand's site.
    target_host: Mapped[str] = mapped_column(String(255))
    # Where the reader lands once signed in: a path on the target host.
    redirect: Mapped[str] = mapped_column(String(2000))
    mobile_app: Mapped[bool] = mapped_column(Boolean, default=False)
    # The family the new session joins (brand to brand); None for the app's hand-off, whose
    # web session is the reader's own (signing out of the web leaves the app signed in).
    family: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # A keyed hash of the client address that minted the code (service.address_mark): it is
    # redeemed from that address only. None on codes minted before migration 0033.
    minted_from: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
