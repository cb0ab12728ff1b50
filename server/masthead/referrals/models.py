"""Referral tables: tenants and their programmes, participants, referrals, rewards, the
fuel-tank code bank, widget analytics and tracked user events.

Rewards are descriptions ("$10 off your next month"), never amounts: no money is stored here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime

TENANT_FK = "referral_tenants.id"


class Tenant(Base):
    """A merchant account; its API key signs the user JWTs (HS256), so it is kept in clear.

    Deleting one only sets deleted_at: its analytics events, users and referrals keep their
    rows, an analytics batch already naming it (tenant_cache.py keeps a tenant a second in
    every process) still finds it, and its alias, which share links and cookies carry, is
    never given to another merchant.
    """

    __tablename__ = "referral_tenants"
    __table_args__ = (CheckConstraint("mode IN ('test', 'live')", name="mode"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    alias: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    api_key: Mapped[str] = mapped_column(String(255))
    mode: Mapped[str] = mapped_column(String(8))
    allowed_origins: Mapped[list[str]] = mapped_column(JSON, default=list)
    js_options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    key_rotated_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    deleted_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class Programme(Base):
    __tablename__ = "referral_programmes"
    __table_args__ = (UniqueConstraint("tenant_id", "slug", name="uq_referral_programmes_slug"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey(TENANT_FK, ondelete="CASCADE"))
    slug: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    referrer_reward: Mapped[str] = mapped_column(String(255))
    referred_reward: Mapped[str] = mapped_column(String(255))
    # Event keys that convert a pending referral of this programme.
    conversion_keys: Mapped[list[str]] = mapped_column(JSON, default=list)
    # Where a share link lands; the redirect adds the `_saasquatch` parameter.
    landing_url: Mapped[str] = mapped_column(String(2048))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ReferralUser(Base):
    """A participant, known by the merchant's (account_id, user_id) pair."""

    __tablename__ = "referral_users"
    __table_args__ = (
        UniqueConstraint("tenant_id", "account_id", "user_id", name="uq_referral_users_identity"),
        UniqueConstraint("tenant_id", "referral_code", name="uq_referral_users_code"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey(TENANT_FK, ondelete="CASCADE"))
    account_id: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(String(255))
    email: Mapped[str | None] = mapped_column(String(320), nullable=True)
    first_name: Mapped[str] = mapped_column(String(100), default="")
    last_name: Mapped[str] = mapped_column(String(100), default="")
    referral_code: Mapped[str] = mapped_column(String(32))
    share_link: Mapped[str] = mapped_column(String(2048))
    locale: Mapped[str | None] = mapped_column(String(16), nullable=True)
    anonymous: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Referral(Base):
    __tablename__ = "referrals"
    __table_args__ = (
        CheckConstraint("status IN ('PENDING', 'CONVERTED')", name="status"),
        # The console's list of a tenant's referrals, newest first, a page at a time.
        Index("ix_referrals_tenant_id_id", "tenant_id", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey(TENANT_FK, ondelete="CASCADE"))
    programme_id: Mapped[int] = mapped_column(ForeignKey("referral_programmes.id"))
    referrer_id: Mapped[int] = mapped_column(ForeignKey("referral_users.id"), index=True)
    # Unique: a referred user is attributed once and never again.
    referred_id: Mapped[int] = mapped_column(ForeignKey("referral_users.id"), unique=True)
    code: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    converted_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class Reward(Base):
    __tablename__ = "referral_rewards"
    __table_args__ = (
        # The backstop of "rewards exactly once": one reward of each kind per referral.
        UniqueConstraint("referral_id", "kind", name="uq_referral_rewards_referral_kind"),
        CheckConstraint("kind IN ('referrer', 'referred')", name="kind"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey(TENANT_FK, ondelete="CASCADE"))
    referral_user_id: Mapped[int] = mapped_column(ForeignKey("referral_users.id"), index=True)
    referral_id: Mapped[int] = mapped_column(ForeignKey("referrals.id"))
    kind: Mapped[str] = mapped_column(String(16))
    description: Mapped[str] = mapped_column(String(255))
    fuel_tank_code: Mapped[str | None] = mapped_column(String(64), nullable=True)
    issued_at: Mapped[datetime] = mapped_column(UTCDateTime)


class FuelTankCode(Base):
    """A pre-made reward code (a coupon), handed to one referred reward on conversion."""

    __tablename__ = "referral_fuel_tank_codes"
    __table_args__ = (
        UniqueConstraint("tenant_id", "code", name="uq_referral_fuel_tank_codes_code"),
        Index("ix_referral_fuel_tank_codes_free", "programme_id", "reward_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey(TENANT_FK, ondelete="CASCADE"))
    programme_id: Mapped[int] = mapped_column(ForeignKey("referral_programmes.id"))
    code: Mapped[str] = mapped_column(String(64))
    # The reward it was handed to; unique, so a code is never handed out twice.
    reward_id: Mapped[int | None] = mapped_column(
        ForeignKey("referral_rewards.id"), unique=True, nullable=True
    )
    assigned_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class AnalyticsEvent(Base):
    """A widget `loaded` or `shared` analytic, with the ids exactly as the page sent them."""

    __tablename__ = "referral_analytics_events"
    __table_args__ = (CheckConstraint("type IN ('loaded', 'shared')", name="type"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey(TENANT_FK, ondelete="CASCADE"), index=True)
    type: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(String(255))
    engagement_medium: Mapped[str] = mapped_column(String(16))
    share_medium: Mapped[str | None] = mapped_column(String(16), nullable=True)
    program_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)


class UserEvent(Base):
    """A tracked user event (`purchase`, ...); a dedupe key is stored once per user."""

    __tablename__ = "referral_user_events"
    __table_args__ = (
        UniqueConstraint(
            "tenant_id",
            "account_id",
            "user_id",
            "dedupe_key",
            name="uq_referral_user_events_dedupe",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tenant_id: Mapped[int] = mapped_column(ForeignKey(TENANT_FK, ondelete="CASCADE"))
    account_id: Mapped[str] = mapped_column(String(255))
    user_id: Mapped[str] = mapped_column(String(255))
    key: Mapped[str] = mapped_column(String(100))
    fields: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    dedupe_key: Mapped[str | None] = mapped_column(String(255), nullable=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
