"""Wire shapes of the staff console's Readers (/admin/api/readers)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

ReaderId = int
ProfileValue = str | bool | int | list[str] | None


class ReaderSummary(BaseModel):
    id: ReaderId = Field(description="The account's id: the path of its page.")
    email: str
    tracking_id: str
    full_name: str
    display_name: str
    email_verified: bool
    created_at: datetime


class SearchPlace(BaseModel):
    """A place in the results' order: the next page is asked with after=term, after_id=id."""

    term: str
    id: int


class ReaderSearchOut(BaseModel):
    items: list[ReaderSummary] = Field(
        description="In the order of the term each matched by (the email address, or a word "
        "of a name, folded), then of id."
    )
    next: SearchPlace | None = Field(
        description="Where the next page starts; null: no more. A page walks a bounded "
        "stretch of the index, so one with fewer readers than asked for, even none, may "
        "still have a next."
    )


class SessionOut(BaseModel):
    id: int
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None
    live: bool = Field(description="Neither signed out nor expired.")
    device: str = Field(description="The browser and system, in words; never the token.")


class StatusOut(BaseModel):
    status: str = Field(
        description="The account status (spec section 4), as the reader's membership page gets it."
    )
    is_member: bool
    reason: str = Field(description="Why, in a sentence, with the rule it comes from.")
    payment_message: str | None = Field(description="What the reader's page says about it.")
    home_delivery: bool
    home_delivery_message: str | None
    access_until: str | None
    free_trial_until: str | None
    pause_enabled: bool = Field(description="The pause feature flag.")


class SubscriptionRow(BaseModel):
    id: str
    plan_id: str
    plan_name: str
    state: str = Field(description="active, pending, cancelled or past due")
    price: str
    trial: bool
    next_billing_date: str | None
    paid_through_date: str | None
    ends: str | None
    follows_on: str | None = Field(description="The pending subscription that follows it.")


class PaymentRow(BaseModel):
    id: str = Field(description="The gateway's transaction id.")
    subscription_id: str
    plan_name: str
    amount: str = Field(description='In dollars, e.g. "9.99".')
    status: str = Field(description="The gateway's, e.g. submitted_for_settlement, settled.")
    created_at: str
    refunded: bool
    refundable: bool = Field(
        description="It went through, was for something, and is not "
        "refunded: the refund action applies."
    )


class PaymentMethodRow(BaseModel):
    """A payment method described, never its number."""

    type: str
    description: str = Field(description='e.g. "Visa ending 1111, expires 12/2030"')
    card_type: str | None
    last_4: str | None
    expiration: str | None = Field(description='"MM/YYYY"')
    email: str | None = Field(description="A PayPal account's address.")
    default: bool
    expired: bool
    in_use: bool = Field(description="A running subscription pays with it.")


class HomeDeliveryRow(BaseModel):
    active: bool
    started_at: str | None
    ended_at: str | None


class ReferralRow(BaseModel):
    role: Literal["referrer", "referred"] = Field(description="The reader's part in it.")
    name: str = Field(description="The person at its other end.")
    email: str | None
    programme: str
    status: str
    created_at: datetime
    converted_at: datetime | None
    reward: str | None = Field(description="The reader's reward for it, once issued.")


class ReferralsOut(BaseModel):
    participant: bool = Field(description="Has joined the referral programme.")
    referral_code: str | None
    referred_by: ReferralRow | None
    referred: list[ReferralRow]


class ReaderOut(BaseModel):
    reader: ReaderSummary
    profile: dict[str, ProfileValue] = Field(description="Every profile key (spec section 3).")
    sessions: list[SessionOut] = Field(description="The newest 20.")
    live_sessions: int
    status: StatusOut
    live_subscription_id: str | None = Field(
        description="The running membership that cancel and pause act on."
    )
    subscriptions: list[SubscriptionRow]
    payments: list[PaymentRow] = Field(description="Newest first.")
    payment_methods: list[PaymentMethodRow]
    payment_methods_error: str | None = Field(
        description="Why the payment methods could not be read from the gateway, if so."
    )
    home_delivery: HomeDeliveryRow
    referrals: ReferralsOut


class ActionOut(BaseModel):
    message: str = Field(description="What was done, in a sentence.")


class CancelIn(BaseModel):
    note: str = Field(
        default="",
        max_length=1000,
        description="Why, as the reader said it: kept as the cancel reason's text.",
    )


class PauseIn(BaseModel):
    months: Literal[1, 2, 3] = Field(description="How long the pause lasts.")


class RefundOut(BaseModel):
    message: str
    how: Literal["refunded", "voided"] = Field(
        description="refunded: the gateway made a credit; voided: it had not settled yet."
    )
    amount: str
