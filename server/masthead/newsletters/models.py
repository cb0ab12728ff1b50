"""Newsletters' tables: the lists, each reader's subscriptions (Masthead's records, the
provider only mirrors them), the paused flag the provider is told of, and what the embedded
provider received."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class NewsletterList(Base):
    __tablename__ = "newsletter_lists"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    st_id: Mapped[str] = mapped_column(String(64), unique=True)  # the email provider's id
    name: Mapped[str] = mapped_column(String(120))
    description: Mapped[str] = mapped_column(Text, default="")
    group: Mapped[str] = mapped_column(String(32), index=True)  # groups.GROUPS
    exclusive: Mapped[bool] = mapped_column(Boolean, default=False)
    retired: Mapped[bool] = mapped_column(Boolean, default=False)
    position: Mapped[int] = mapped_column(Integer, default=0)  # the order within its group


class NewsletterSubscription(Base):
    __tablename__ = "newsletter_subscriptions"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    list_id: Mapped[int] = mapped_column(
        ForeignKey("newsletter_lists.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(UTCDateTime)


class NewsletterReader(Base):
    """What the provider knows of a reader beyond their lists: the membership's paused flag."""

    __tablename__ = "newsletter_readers"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class NewsletterPush(Base):
    """A change the embedded provider received from the outbox (its no-op delivery, kept so
    one can see what a real provider would have been sent). change_id makes repeats harmless."""

    __tablename__ = "newsletter_pushes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    change_id: Mapped[str] = mapped_column(String(32), unique=True)
    email: Mapped[str] = mapped_column(String(320), index=True)
    kind: Mapped[str] = mapped_column(String(32))  # lists | account_change
    change: Mapped[dict[str, Any]] = mapped_column(JSON)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime)
