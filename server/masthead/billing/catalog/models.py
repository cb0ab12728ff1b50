"""The plan catalogue (billing_plans) and the discount offers on it (billing_discounts)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import JSON, Boolean, Date, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from masthead.billing.gateway.money import Money
from masthead.db import Base


class BillingPlan(Base):
    """One plan card of the catalogue; editable in the database without a deploy.

    Columns are the site API's raw plan fields (spec section 3), so a row reads straight into
    `plans.plan_from_raw`. `id` is also the gateway's plan id.
    """

    __tablename__ = "billing_plans"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    product_id: Mapped[str] = mapped_column(String(64))
    frequency: Mapped[int] = mapped_column(Integer, default=1)  # months: 1, 6 or 12
    amount: Mapped[Decimal] = mapped_column(Money)
    normal_amount: Mapped[Decimal | None] = mapped_column(Money, nullable=True)
    first_billing_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    next_billing_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    step_up_amount: Mapped[Decimal | None] = mapped_column(Money, nullable=True)
    step_up_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    trial_duration: Mapped[int] = mapped_column(Integer, default=0)
    trial_duration_unit: Mapped[str] = mapped_column(String(8), default="day")
    featured: Mapped[bool] = mapped_column(Boolean, default=False)
    card_heading: Mapped[str] = mapped_column(String(200), default="")
    curation: Mapped[str] = mapped_column(String(1000), default="")
    position: Mapped[int] = mapped_column(Integer, default=0)  # order of the cards
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)


class BillingDiscount(Base):
    """A discount the gateway knows by id (in Braintree, set up in the control panel), and
    which readers are offered it: the plans it applies to and what it is for."""

    __tablename__ = "billing_discounts"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the gateway's discount id
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(String(500), default="")
    amount: Mapped[Decimal] = mapped_column(Money)  # off each discounted billing cycle
    number_of_billing_cycles: Mapped[int | None] = mapped_column(Integer, nullable=True)
    plan_ids: Mapped[list[str]] = mapped_column(JSON, default=list)  # empty: every plan
    purpose: Mapped[str] = mapped_column(String(32), default="cancel-flow")
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
