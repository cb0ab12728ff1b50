"""Staff tables: roles of accounts, their second factor, pending sign-ins, staff sessions and
the audit log. A staff member is an identity account (users) with at least one role."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime

USERS_ID = "users.id"


class StaffRole(Base):
    __tablename__ = "staff_roles"

    user_id: Mapped[int] = mapped_column(ForeignKey(USERS_ID, ondelete="CASCADE"), primary_key=True)
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    granted_at: Mapped[datetime] = mapped_column(UTCDateTime)


class StaffTotp(Base):
    """An account's TOTP secret: made when enrolment starts (the same one is shown until it
    completes), in force from enrolled_at. last_step is the time step of the last code
    accepted, so that no code is accepted twice."""

    __tablename__ = "staff_totp"

    user_id: Mapped[int] = mapped_column(ForeignKey(USERS_ID, ondelete="CASCADE"), primary_key=True)
    secret: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    enrolled_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    last_step: Mapped[int | None] = mapped_column(Integer, nullable=True)


class StaffRecoveryCode(Base):
    """A single-use recovery code, stored hashed (totp.recovery_code_hash)."""

    __tablename__ = "staff_recovery_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey(USERS_ID, ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class StaffPendingSignIn(Base):
    """The step between a right password and a right code: its cookie carries a random id,
    the table its hash. Ended when a code signs in, or when wrong codes burn it."""

    __tablename__ = "staff_pending_sign_ins"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey(USERS_ID, ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    wrong_codes: Mapped[int] = mapped_column(Integer, default=0)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class StaffSession(Base):
    """A staff session, apart from readers' sessions: shorter, idle-limited, and bound to the
    password it began with (password_stamp), so a password change ends it."""

    __tablename__ = "staff_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey(USERS_ID, ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # Until when a sensitive action needs no new code (step-up).
    reauthenticated_until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    password_stamp: Mapped[str] = mapped_column(String(64))
    user_agent: Mapped[str] = mapped_column(String(255), default="")


class AuditEntry(Base):
    """One staff action: who (the actor's email is kept as it was), what, to what, the state
    before and after, and from which address. Written in the transaction of the change."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    actor_user_id: Mapped[int | None] = mapped_column(
        ForeignKey(USERS_ID, ondelete="SET NULL"), nullable=True
    )
    actor_email: Mapped[str | None] = mapped_column(String(320), nullable=True)
    action: Mapped[str] = mapped_column(String(64))
    target_type: Mapped[str | None] = mapped_column(String(32), nullable=True)
    target_id: Mapped[str | None] = mapped_column(String(320), nullable=True)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    address: Mapped[str | None] = mapped_column(String(64), nullable=True)

    # The log is read newest first, filtered by one of these: each index ends in the id the
    # pages are cut by, so a filtered page is one index range.
    __table_args__ = (
        Index("ix_audit_log_actor_email_id", "actor_email", "id"),
        Index("ix_audit_log_action_id", "action", "id"),
        Index("ix_audit_log_target_id_id", "target_id", "id"),
    )
