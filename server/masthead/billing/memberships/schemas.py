"""Wire shapes of the subscription and membership calls (the spec's keys, hyphens included)."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.config import JsonDict


class SubscribeIn(BaseModel):
    payment_nonce: str | None = Field(
        default=None, max_length=4096, description="Optional when a default method is vaulted."
    )
    plan_id: str = Field(min_length=1, max_length=64)
    product_id: str | None = Field(default=None, max_length=64)
    skip_trial_period: bool = False
    start_date: date | None = Field(default=None, description="A future first billing date.")


class GrantOut(BaseModel):
    grant_id: str = Field(description="The subscription's id.")


class CancelIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    cancel_reason: str = Field(default="", alias="cancel-reason", max_length=200)
    cancel_reason_text: str = Field(default="", alias="cancel-reason-text", max_length=1000)


# What each action needs besides `action` (the route refuses it without: 400), in the
# document's words: a pause has its length, a switch its plan.
_ACTION_NEEDS: JsonDict = {
    "allOf": [
        {
            "if": {"properties": {"action": {"const": "pause"}}, "required": ["action"]},
            "then": {
                "properties": {"pause_length": {"type": "integer", "minimum": 1, "maximum": 3}},
                "required": ["pause_length"],
            },
        },
        {
            "if": {"properties": {"action": {"const": "switch"}}, "required": ["action"]},
            "then": {
                "properties": {"plan_id": {"type": "string", "minLength": 1, "maxLength": 64}},
                "required": ["plan_id"],
            },
        },
    ]
}


class SubscriptionChangeIn(BaseModel):
    model_config = ConfigDict(populate_by_name=True, json_schema_extra=_ACTION_NEEDS)

    action: Literal["pause", "resume", "switch", "restart"]
    pause_length: int | None = Field(
        default=None, ge=1, le=3, description="pause: months, 1, 2 or 3 (changes.PAUSE_LENGTHS)"
    )
    plan_id: str | None = Field(default=None, max_length=64, description="switch: the new plan")
    pause_reason: str = Field(default="", alias="pause-reason", max_length=200)
    pause_reason_text: str = Field(default="", alias="pause-reason-text", max_length=1000)


class DateObject(BaseModel):
    date: str = Field(description='"YYYY-MM-DD 00:00:00.000000"')
    timezone_type: Literal[3]
    timezone: Literal["UTC"]


def day_of(value: DateObject | None) -> str | None:
    """A DateObject's day ("YYYY-MM-DD 00:00:00.000000" -> "YYYY-MM-DD"), for screens and files."""
    return None if value is None else value.date[:10]


class TransactionOut(BaseModel):
    id: str
    amount: str
    status: str
    created_at: str
    refunded: bool = Field(
        default=False, description="Given back in full (refunded, or voided before it settled)."
    )


class ProductRef(BaseModel):
    id: str


class PlanRef(BaseModel):
    amount: str
    id: str
    name: str


class AppliedDiscount(BaseModel):
    id: str
    amount: str = Field(description='Off each discounted billing cycle, e.g. "2.00".')
    cycles: int | None = Field(description="How many billing cycles; null: every one.")


# The spec's four states; Braintree's Expired is reported as cancelled (normalise.py).
WireState = Literal["active", "pending", "cancelled", "past due"]


class SubscriptionOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: str
    subscription_state: WireState = Field(alias="subscription-state")
    external_id: str = Field(alias="external-id")
    plan_id: str
    next_billing_time: str | None = Field(
        alias="next-billing-time", description="ISO 8601, midnight UTC of the next billing date."
    )
    transaction_history: list[TransactionOut] = Field(
        alias="transaction-history", description="Newest first."
    )
    paid_through_date: DateObject | None
    next_billing_date: DateObject | None
    ends: str | None = Field(description="For a cancelled subscription, the day access ends.")
    blaize_product: ProductRef = Field(alias="blaize-product")
    plan: PlanRef
    trial: bool = Field(description="In its trial: nothing charged yet.")
    discounts: list[AppliedDiscount] = Field(
        default_factory=list, description="Discounts on it, as the gateway last said."
    )
    pendingSubscription: SubscriptionOut | None = Field(
        default=None,
        description="The pending subscription that follows this one, which a pause, resume, "
        "plan switch or restart replaced (in this form, without a pendingSubscription of its "
        "own); null when nothing pending follows it.",
    )


class PriceChange(BaseModel):
    amount: str = Field(description='the new price, "5.99"')
    date: str = Field(description="the step-up date (YYYY-MM-DD), charges from then on")


class MembershipOut(BaseModel):
    status: Literal[
        "None",
        "Active",
        "Active_Pending",
        "Cancelled_Active",
        "Canceled",
        "Past Due",
        "Paused",
        "Active_Paused",
        "Pending",
    ]
    isMember: bool
    activeSubscription: SubscriptionOut | None
    paymentMessage: str | None
    membershipEnabled: bool
    pauseEnabled: bool = Field(description="the pause feature flag")
    pausedLength: int | None = Field(description="months of the reader's pause, when paused")
    # Defaults keep these optional in the generated client types: older fixtures still fit.
    homeDelivery: bool | None = Field(
        default=None,
        description="the membership is free with print home delivery (status Active, no "
        "activeSubscription; nothing to cancel, pause or change)",
    )
    homeDeliveryMessage: str | None = Field(
        default=None,
        description="why the free membership ended (home delivery cancelled), until the "
        "reader dismisses it or subscribes",
    )
    priceChange: PriceChange | None = Field(
        default=None,
        description="the step-up price the renewing membership moves to, and from when",
    )
    accessUntil: str | None = Field(
        default=None,
        description="a cancelled membership's last day of access (YYYY-MM-DD): the last "
        "day paid for or free in a trial, across the reader's subscriptions",
    )
    freeTrialUntil: str | None = Field(
        default=None,
        description="the last free day of a trial that still runs (YYYY-MM-DD), also when a "
        "restart replaced the trial's subscription; the first charge is the day after",
    )
    planChangeDate: str | None = Field(
        default=None,
        description="the day activeSubscription's plan replaces the plan paid for now "
        "(YYYY-MM-DD); null when no other plan follows (a resume or restart keeps the plan)",
    )


class SubscriptionChangeOut(BaseModel):
    message: str = Field(description="what changed, for the reader (spec section 8 texts)")
    subscription: SubscriptionOut | None = Field(description="the subscription that replaced it")
    effectiveDate: str | None = Field(
        default=None,
        # Only a pause's answer has the key (the wire contract keeps key presence).
        exclude_if=lambda value: value is None,
        description="pause: the first day without membership (YYYY-MM-DD)",
    )


class PauseEmailIn(BaseModel):
    emailAddress: str = Field(max_length=320, description="the reader's own address")
    # The bounds and formats are the call's own checks (pause_email.py), documented here: its
    # refusal carries `error`, which the spec's client reads, and a validation answer has none.
    pauseLength: int = Field(
        description="months, 1-3", json_schema_extra={"minimum": 1, "maximum": 3}
    )
    pauseLengthEffectiveDate: str = Field(
        max_length=10, description="YYYY-MM-DD", json_schema_extra={"format": "date"}
    )
    billingCycleEndDate: str = Field(
        max_length=10, description="YYYY-MM-DD", json_schema_extra={"format": "date"}
    )
    cta: str = Field(default="", max_length=500, description="a link on this site")


class PauseEmailOut(BaseModel):
    error: str | None = Field(description="null when the mail is queued; else why not")


class PauseEmailRefusal(BaseModel):
    """A refusal of the pause mail: the one error shape, plus `error` (the spec's client reads
    it) when the call itself refuses. A request the app refuses before the call runs (a body
    that is not JSON, a missing field, no session) has no `error`."""

    error: str | None = Field(default=None, description="why not, as `message` says")
    type: str = Field(description="the error type: bad-request, not-your-address, ...")
    message: str = Field(description="a sentence the reader can act on")
