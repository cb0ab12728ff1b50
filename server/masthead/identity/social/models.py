"""Social sign-in's tables: readers' linked provider identities, the sign-in attempts a popup
starts, and the register keys a new reader's popup hands to POST /blaize/register."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class SocialIdentity(Base):
    """A provider account (google, facebook, apple: its stable subject) linked to a reader."""

    __tablename__ = "social_identities"
    __table_args__ = (UniqueConstraint("provider", "subject"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    provider: Mapped[str] = mapped_column(String(16))
    subject: Mapped[str] = mapped_column(String(255))
    email: Mapped[str] = mapped_column(String(320), default="")
    # The provider's name parts (GET/PUT /blaize/profile/_<provider>); Apple tells them only
    # on the first sign-in, so a later sign-in without them keeps these.
    names: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_used_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SocialAttempt(Base):
    """One popup's sign-in: its OAuth state, stored hashed, bound to the browser that started
    it (the hash of a random cookie), used once and only for a few minutes.

    A `confirm` attempt is a signed-in reader proving it is them (before deleting the account):
    it records whose session started it, signs nobody in, and once the provider has vouched
    for the identity linked to that reader it is confirmed, to be spent once by that session."""

    __tablename__ = "social_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    state_hash: Mapped[str] = mapped_column(String(64), unique=True)
    browser_hash: Mapped[str] = mapped_column(String(64))
    provider: Mapped[str] = mapped_column(String(16))
    # What the opener made and where it lives: echoed in the popup's message, which is posted
    # to that origin only.
    opener_state: Mapped[str] = mapped_column(String(128))
    opener_origin: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    purpose: Mapped[str] = mapped_column(String(16), default="sign-in")  # sign-in | confirm
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=True, index=True
    )
    session_id: Mapped[int | None] = mapped_column(
        ForeignKey("auth_sessions.id", ondelete="CASCADE"), nullable=True
    )
    confirmed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    spent_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class SocialRegisterKey(Base):
    """The stateKey of a register action: the verified provider identity of a new reader,
    redeemed once by POST /blaize/register with validators.token_exchange."""

    __tablename__ = "social_register_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    provider: Mapped[str] = mapped_column(String(16))
    subject: Mapped[str] = mapped_column(String(255))
    email: Mapped[str] = mapped_column(String(320))
    email_verified: Mapped[bool] = mapped_column(Boolean)
    names: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
