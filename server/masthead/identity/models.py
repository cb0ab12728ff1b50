"""Identity tables: readers, their profile attributes, sessions and one-time tokens, and the
print home-delivery grants of readers' addresses."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from masthead.db import Base, UTCDateTime


class User(Base):
    __tablename__ = "users"
    # An erased account's id is never given to another (reader_data deletes rows; SQLite
    # would otherwise reuse the highest id, PostgreSQL's sequence never does): audit entries,
    # once-only mail keys and rate limits that name an id keep meaning the same person.
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str] = mapped_column(String(320), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False)
    tracking_id: Mapped[str] = mapped_column(String(36), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)

    profile: Mapped[Profile] = relationship(
        back_populates="user", uselist=False, cascade="all, delete-orphan", lazy="joined"
    )
    # Loaded only when written (readers_repository.keep_search_terms).
    search_terms: Mapped[list[ReaderSearchTerm]] = relationship(
        cascade="all, delete-orphan", passive_deletes=True
    )


class Profile(Base):
    """Flat attribute map, read and written with the spec's hyphenated keys."""

    __tablename__ = "profiles"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    attributes: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)

    user: Mapped[User] = relationship(back_populates="profile")


# Compared by code point, as search_terms.py folds and ranges them: PostgreSQL's "C"
# collation (a prefix is then an index range whatever the database's locale); SQLite's
# default, binary, is the same order.
SEARCH_TERM = String(320).with_variant(String(320, collation="C"), "postgresql")


class ReaderSearchTerm(Base):
    """A term the staff console's reader search finds an account by (search_terms.py): kept
    in step with the account's email and names by every write of them (registration, profile
    updates, email changes: readers_repository.keep_search_terms)."""

    __tablename__ = "reader_search_terms"
    # The search walks terms in order; the primary key answers "which terms has this account".
    __table_args__ = (Index("ix_reader_search_terms_term_user_id", "term", "user_id"),)

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    term: Mapped[str] = mapped_column(SEARCH_TERM, primary_key=True)


class AuthSession(Base):
    """A server-side session; the cookie carries a random id, the table keeps its hash."""

    __tablename__ = "auth_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    user_agent: Mapped[str] = mapped_column(String(255), default="")
    # Sessions born of one sign-in on several brands' sites (identity/handoff) share a family:
    # signing out on any of them ends them all. None: a session of its own.
    family: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)

    user: Mapped[User] = relationship(lazy="joined")


class OneTimeToken(Base):
    """Password reset, email change and email verification links: stored hashed, single use."""

    __tablename__ = "one_time_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    purpose: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    new_email: Mapped[str | None] = mapped_column(String(320), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # Wrong passwords entered on an email-change link; a few of them burn the link.
    failed_attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


# The data layer's product of a reader with print home delivery (spec section 3: "products
# (contains hd-sports-membership for home delivery)").
HOME_DELIVERY_PRODUCT_ID = "hd-sports-membership"


class HomeDelivery(Base):
    """A print home-delivery subscriber, as the print system (outside Masthead) reports them:
    a fact about a reader's address, which the session read joins for the data layer. Billing
    (billing/home_delivery) keeps it: grants, revocations and the free membership they give.

    Keyed by the normalised email: the grant belongs to whichever account has that address,
    now or after the reader registers. A revoked grant is kept (active false) so the reader's
    membership page can say why their free membership ended.
    """

    __tablename__ = "home_delivery"

    email: Mapped[str] = mapped_column(String(320), primary_key=True)
    active: Mapped[bool] = mapped_column(Boolean)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)  # the latest grant
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # When the reader dismissed the "ended" message (after ended_at: hidden).
    notice_dismissed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
