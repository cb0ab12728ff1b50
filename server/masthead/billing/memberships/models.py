"""Readers' gateway customers and their subscriptions, and step-up price changes.

The gateway (Braintree or the sandbox) is the source of truth for a subscription; the local
row is a copy refreshed after every change and every webhook, so the membership status is
computed from one indexed read instead of a gateway round trip per page view.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Index, Integer, String, text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.billing.gateway.money import Money
from masthead.db import Base, UTCDateTime


class BillingCustomer(Base):
    """A reader's customer at the gateway, and the subscribe they have under way."""

    __tablename__ = "billing_customers"
    # The worker looks for abandoned subscribes every minute (subscribe.reconcile_abandoned):
    # an index of the few rows with an intent, not a scan of every customer.
    __table_args__ = (
        Index(
            "ix_billing_customers_subscribe_intent",
            "subscribe_intent_id",
            postgresql_where=text("subscribe_intent_id IS NOT NULL"),
            sqlite_where=text("subscribe_intent_id IS NOT NULL"),
        ),
    )

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    customer_id: Mapped[str] = mapped_column(String(36), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # No longer written or read: the subscribe claim is a lock (masthead/claims.py) since
    # migration 0030's release. Kept so that release's predecessor still runs beside it during
    # a rolling deploy; dropped a release later (README: expand, then contract).
    subscribe_claimed_until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # The gateway subscription id a subscribe chose, committed before the gateway is called
    # and cleared with the claim once the subscription is stored: a retry after a dead
    # request looks that id up instead of creating a second subscription.
    subscribe_intent_id: Mapped[str | None] = mapped_column(String(36), nullable=True)


class BillingSubscription(Base):
    """The local copy of a gateway subscription (`id` is the gateway's, the grant_id)."""

    __tablename__ = "billing_subscriptions"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    # None once the reader erased their account (reader_data): the money records stay, as the
    # law asks, without anything that names the person.
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    plan_id: Mapped[str] = mapped_column(String(64))
    plan_name: Mapped[str] = mapped_column(String(200))
    product_id: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16))  # Braintree's: Active, Past Due, ...
    price: Mapped[Decimal] = mapped_column(Money)
    payment_method_token: Mapped[str] = mapped_column(String(64))
    first_billing_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    next_billing_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    paid_through_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    trial_period: Mapped[bool] = mapped_column(Boolean, default=False)
    trial_duration: Mapped[int] = mapped_column(Integer, default=0)
    current_billing_cycle: Mapped[int] = mapped_column(Integer, default=0)
    # [{"id", "amount", "status", "created_at"}], newest first, as the gateway lists them.
    transactions: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    # [{"id", "amount", "cycles_left"}]: the gateway's discounts on it, as last read.
    discounts: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    cancel_reason: Mapped[str] = mapped_column(String(200), default="")
    cancel_reason_text: Mapped[str] = mapped_column(String(1000), default="")
    # The subscription this one replaced (pause, resume, plan switch, restart: settle.py);
    # the one it follows shows it as its pendingSubscription while it is pending.
    follows_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    # When the referral conversion for this membership's first payment was sent (once).
    converted_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class StepUpChange(Base):
    """One subscription's move to its plan's step-up price: the notice mail, then the change
    at the gateway, each done once. The primary key is what makes the notice once-only when
    several workers run at the same moment."""

    __tablename__ = "billing_step_up_changes"

    subscription_id: Mapped[str] = mapped_column(
        ForeignKey("billing_subscriptions.id", ondelete="CASCADE"), primary_key=True
    )
    step_up_date: Mapped[date] = mapped_column(Date, primary_key=True)
    plan_id: Mapped[str] = mapped_column(String(64))
    amount: Mapped[Decimal] = mapped_column(Money)  # the new price
    notice_sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    applied_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # A worker applying the change holds it until then; a dead worker's claim lapses.
    claimed_until: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    last_error: Mapped[str | None] = mapped_column(String(500), nullable=True)
