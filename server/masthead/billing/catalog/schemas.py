"""Wire shapes of the plans call and the discount offers."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class StepUp(BaseModel):
    amount: str
    date: str


class PlanOut(BaseModel):
    id: str
    name: str
    product_id: str
    frequency: Literal[1, 6, 12] = Field(description="Billing interval in months.")
    amount: str = Field(description='The first charge, "4.99".')
    normal_amount: str = Field(description="The regular price for the same interval.")
    first_billing_date: str | None
    next_billing_date: str | None
    step_up: StepUp | None
    trial_duration: int
    trial_duration_unit: Literal["day", "month"]
    featured: bool
    card_heading: str
    curation: str
    cta_text: str = Field(description="'Try for free', 'Get 4 Weeks for $4.99', ...")
    badge: str | None = Field(description="'Best Value!' for a featured plan.")
    monthly_price: str
    discount_percent: int


# What a discount offer is for: the cancel flow's retention offer, or any offer.
Purpose = Literal["cancel-flow", "any"]


class DiscountOfferOut(BaseModel):
    id: str
    name: str
    description: str
    amount: str = Field(description="Off each discounted billing cycle.")
    number_of_billing_cycles: int | None
    price_with_discount: str = Field(description="What a discounted cycle costs.")


class DiscountIn(BaseModel):
    discount_id: str = Field(min_length=1, max_length=64)
