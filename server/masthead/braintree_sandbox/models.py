"""Sandbox tables: the state a Braintree merchant account holds, shared by every process."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from masthead.billing.api import Money
from masthead.db import Base, UTCDateTime


class SandboxCustomer(Base):
    __tablename__ = "bt_sandbox_customers"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    email: Mapped[str] = mapped_column(String(255), default="")
    first_name: Mapped[str] = mapped_column(String(255), default="")
    last_name: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class CardFields:
    """Columns a nonce and the payment method vaulted from it share."""

    kind: Mapped[str] = mapped_column(String(16))  # a PaymentMethodType
    card_type: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bin: Mapped[str | None] = mapped_column(String(8), nullable=True)
    last_4: Mapped[str | None] = mapped_column(String(4), nullable=True)
    expiration_month: Mapped[int | None] = mapped_column(Integer, nullable=True)
    expiration_year: Mapped[int | None] = mapped_column(Integer, nullable=True)
    cardholder_name: Mapped[str | None] = mapped_column(String(255), nullable=True)
    billing_postal_code: Mapped[str | None] = mapped_column(String(16), nullable=True)
    email: Mapped[str | None] = mapped_column(String(255), nullable=True)
    username: Mapped[str | None] = mapped_column(String(255), nullable=True)
    # '' behaves; 'processor_declined' or 'gateway_rejected_fraud' fail checks and charges.
    behaviour: Mapped[str] = mapped_column(String(32), default="")


class SandboxNonce(CardFields, Base):
    """A single-use nonce made by tokenising a card; the fake-* nonces are not stored."""

    __tablename__ = "bt_sandbox_nonces"

    nonce: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    consumed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class SandboxPaymentMethod(CardFields, Base):
    __tablename__ = "bt_sandbox_payment_methods"

    token: Mapped[str] = mapped_column(String(36), primary_key=True)
    customer_id: Mapped[str] = mapped_column(
        ForeignKey("bt_sandbox_customers.id", ondelete="CASCADE"), index=True
    )
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SandboxPlan(Base):
    """A plan as configured in a merchant's control panel; seeded, never created by billing."""

    __tablename__ = "bt_sandbox_plans"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(255), default="")
    price: Mapped[Decimal] = mapped_column(Money)
    billing_frequency: Mapped[int] = mapped_column(Integer)  # months
    trial_duration: Mapped[int | None] = mapped_column(Integer, nullable=True)
    trial_duration_unit: Mapped[str | None] = mapped_column(String(8), nullable=True)
    number_of_billing_cycles: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SandboxSubscription(Base):
    __tablename__ = "bt_sandbox_subscriptions"
    # The billing cycle runner looks for due subscriptions by status and date.
    __table_args__ = (Index("ix_bt_sandbox_subscriptions_due", "status", "next_billing_date"),)

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    payment_method_token: Mapped[str] = mapped_column(String(36), index=True)
    plan_id: Mapped[str] = mapped_column(String(64))
    price: Mapped[Decimal] = mapped_column(Money)
    status: Mapped[str] = mapped_column(String(16))
    billing_frequency: Mapped[int] = mapped_column(Integer)
    billing_day_of_month: Mapped[int] = mapped_column(Integer)
    first_billing_date: Mapped[date] = mapped_column(Date)
    next_billing_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    paid_through_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    billing_period_start_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    billing_period_end_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    current_billing_cycle: Mapped[int] = mapped_column(Integer, default=0)
    number_of_billing_cycles: Mapped[int | None] = mapped_column(Integer, nullable=True)
    trial_period: Mapped[bool] = mapped_column(Boolean, default=False)
    trial_duration: Mapped[int | None] = mapped_column(Integer, nullable=True)
    trial_duration_unit: Mapped[str | None] = mapped_column(String(8), nullable=True)
    failure_count: Mapped[int] = mapped_column(Integer, default=0)
    balance: Mapped[Decimal] = mapped_column(Money)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # Optimistic lock: SQLite takes no row locks, so two billing runs that read the same
    # state cannot both write it; the second gets StaleDataError.
    version: Mapped[int] = mapped_column(Integer)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 (SQLAlchemy's own dict)


class SandboxDiscount(Base):
    __tablename__ = "bt_sandbox_discounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    subscription_id: Mapped[str] = mapped_column(
        ForeignKey("bt_sandbox_subscriptions.id", ondelete="CASCADE"), index=True
    )
    discount_id: Mapped[str] = mapped_column(String(64))
    amount: Mapped[Decimal] = mapped_column(Money)
    number_of_billing_cycles: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The subscription's billing cycle the discount starts at: 1 when added at creation, the
    # next cycle when added later (Braintree counts a discount's cycles from its addition).
    first_cycle: Mapped[int] = mapped_column(Integer, default=1)


class SandboxTransaction(Base):
    __tablename__ = "bt_sandbox_transactions"
    # One charge per subscription and billing date, whatever runs the cycle twice.
    __table_args__ = (UniqueConstraint("subscription_id", "billing_date"),)

    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # orders same-second charges
    id: Mapped[str] = mapped_column(String(36), unique=True)
    subscription_id: Mapped[str | None] = mapped_column(String(36), nullable=True, index=True)
    billing_date: Mapped[date | None] = mapped_column(Date, nullable=True)  # None: not a cycle
    payment_method_token: Mapped[str] = mapped_column(String(36))
    payment_instrument_type: Mapped[str] = mapped_column(String(32))
    amount: Mapped[Decimal] = mapped_column(Money)
    status: Mapped[str] = mapped_column(String(32))
    processor_response_code: Mapped[str] = mapped_column(String(8))
    processor_response_text: Mapped[str] = mapped_column(String(255))
    gateway_rejection_reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # Braintree's transaction type: "sale", or "credit" for a refund (refunds.py), which names
    # its sale; a sale lists its refunds (None: none).
    kind: Mapped[str] = mapped_column(String(8), default="sale", server_default="sale")
    refunded_transaction_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    refund_ids: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
