"""Wire shapes of the reader's data: the export file, and the deletion's request and answer.

The export describes; it never carries a secret. No password hash, no session token or its
hash (a session is when, until when and on what), no gateway token (a payment method is what
the reader's own screen shows of it: brand, last 4, expiry, a PayPal account's address).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

FORMAT = "masthead-reader-data/1"


class AccountData(BaseModel):
    email: str
    email_verified: bool
    tracking_id: str = Field(description="The reader's id in analytics and referrals.")
    has_password: bool = Field(
        description="Whether the account has a password (the hash is never exported)."
    )
    created_at: datetime
    updated_at: datetime


class SessionData(BaseModel):
    created_at: datetime
    expires_at: datetime
    ended_at: datetime | None = Field(description="When it was signed out, if it was.")
    live: bool
    user_agent: str = Field(description="The browser or app it was made on, as it said.")


class TransactionData(BaseModel):
    id: str
    amount: str
    status: str
    created_at: str
    refunded: bool


class SubscriptionData(BaseModel):
    id: str
    plan_id: str
    plan_name: str
    state: str = Field(description="active, pending, cancelled or past due")
    price: str
    trial: bool
    next_billing_date: str | None
    paid_through_date: str | None
    ends: str | None = Field(description="For a cancelled subscription, the day access ends.")
    payments: list[TransactionData] = Field(description="Newest first.")


class PaymentMethodData(BaseModel):
    type: str
    card_type: str | None
    last_4: str | None
    expiration: str | None = Field(description="MM/YYYY")
    email: str | None = Field(description="A PayPal account's address; null otherwise.")
    default: bool
    expired: bool


class MembershipData(BaseModel):
    status: str = Field(description="The account status, as the membership page resolves it.")
    subscriptions: list[SubscriptionData]
    payment_methods: list[PaymentMethodData] | None = Field(
        description="null when the payment service did not answer (see payment_methods_note)."
    )
    payment_methods_note: str | None
    home_delivery: bool = Field(description="Free membership with print home delivery.")


class CommentData(BaseModel):
    id: int
    site: str = Field(description="The comments site (spot id).")
    story: int = Field(description="The story's post id.")
    in_reply_to: int | None
    body: str
    status: str
    created_at: datetime
    edited_at: datetime | None


class OpinionData(BaseModel):
    comment_id: int
    vote: int = Field(description="+1 up, -1 down, 0 none")
    heart: bool
    updated_at: datetime


class ReferralData(BaseModel):
    role: str = Field(description="The reader's part: referrer or referred.")
    other_name: str = Field(description="The other person's name (not their address).")
    programme: str
    status: str
    created_at: datetime
    converted_at: datetime | None
    reward: str | None


class ReferralsData(BaseModel):
    participant: bool
    referral_code: str | None
    share_link: str | None
    referred_by: ReferralData | None
    referred: list[ReferralData]


class NewsletterData(BaseModel):
    list_id: int
    name: str
    group: str = Field(description="main, gossip, lifestyle or an exclusive group.")
    since: datetime


class FeedbackData(BaseModel):
    topic: str = Field(description="membership, newsletters, website or other.")
    message: str
    may_reply: bool
    brand: str = Field(description="The site the reader wrote from: main, gossip or lifestyle.")
    created_at: datetime


class TextConsentData(BaseModel):
    phone_number: str = Field(description="E.164.")
    wording: str = Field(description="The consent the reader agreed to, word for word.")
    given_at: datetime
    source: str = Field(description="settings or onboarding.")
    withdrawn_at: datetime | None
    withdrawn_by: str | None = Field(description="reader, stop (a STOP reply) or new-number.")


class TextAlertsData(BaseModel):
    opted_in: bool
    phone_number: str | None = Field(description="The number alerts go (or went) to, E.164.")
    consents: list[TextConsentData] = Field(description="Every opt-in, oldest first.")


class ReaderData(BaseModel):
    """Everything Masthead holds about the signed-in reader."""

    format: str = Field(FORMAT, description=f'"{FORMAT}"')
    exported_at: datetime
    account: AccountData
    profile: dict[str, Any] = Field(description="Every profile key, defaults included.")
    sessions: list[SessionData]
    membership: MembershipData
    comments: list[CommentData]
    comment_opinions: list[OpinionData]
    referrals: ReferralsData
    newsletters: list[NewsletterData] = Field(description="The lists the reader receives.")
    feedback: list[FeedbackData] = Field(
        default_factory=list, description="What the reader wrote to the publisher."
    )
    text_alerts: TextAlertsData | None = Field(
        default=None, description="Text alerts: the number and every consent record."
    )


SocialProvider = Literal["google", "facebook", "apple"]


class DeleteValidators(BaseModel):
    """Exactly one of the two: the password, or the provider the reader has just confirmed
    with (GET /blaize/oauth/{provider}?purpose=confirm)."""

    password: str | None = Field(
        default=None, min_length=1, max_length=1024, description="The account's password."
    )
    provider: SocialProvider | None = Field(
        default=None,
        description="The provider linked to the account that this session confirmed with in "
        "the last 5 minutes (the popup's `confirm` message); spent by this request.",
    )


class DeleteRequest(BaseModel):
    validators: DeleteValidators


class DeleteOptions(BaseModel):
    password: bool = Field(description="Whether the account has a password to confirm with.")
    providers: list[SocialProvider] = Field(
        description="The providers linked to the account, each a way to confirm."
    )


class DeletedResponse(BaseModel):
    message: str
