"""Wire shapes of the referral service, keys exactly as squatch-js sends and reads them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

ID = Field(default=None, max_length=255)


class UserBody(BaseModel):
    """The user squatch-js sends to cookie_user and upsert; unknown keys are ignored."""

    model_config = ConfigDict(extra="ignore")

    id: str | None = ID
    accountId: str | None = ID
    email: str | None = Field(default=None, max_length=320)
    firstName: str | None = Field(default=None, max_length=200)
    lastName: str | None = Field(default=None, max_length=200)
    locale: str | None = Field(default=None, max_length=16)
    cookies: str | dict[str, Any] | None = Field(
        default=None,
        description="The `_saasquatch` referral cookie: its base64url value, or decoded JSON.",
    )


class ReferredReward(BaseModel):
    fuelTankCode: str | None = Field(description="The reward code, once the referral converted.")
    description: str


class ReferredBy(BaseModel):
    code: str
    referredReward: ReferredReward


class WidgetUser(BaseModel):
    id: str
    accountId: str
    email: str | None
    firstName: str
    lastName: str
    locale: str | None
    referralCode: str
    shareLinks: dict[str, str] = Field(
        description="shareLink, emailShareLink, facebookShareLink, twitterShareLink, "
        "linkedinShareLink, smsShareLink, whatsappShareLink."
    )
    referredBy: ReferredBy | None = Field(
        default=None, description="Present only when the user was referred."
    )


class RenderResponse(BaseModel):
    template: str = Field(description="A complete HTML document for the widget frame.")
    user: WidgetUser
    jsOptions: dict[str, Any]


class ReferralErrorBody(BaseModel):
    type: str
    message: str
    apiErrorCode: str
    rsCode: str = Field(description="Shown by the error widget as its 'Error Code'.")
    statusCode: int


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {status: {"model": ReferralErrorBody} for status in statuses}


class InviteRequest(BaseModel):
    sendingAccountId: str = Field(max_length=255)
    sendingUserId: str = Field(max_length=255)
    recipients: list[str] = Field(max_length=100)


class InviteResponse(BaseModel):
    accepted: int = Field(description="Invites queued for sending.")
    rejected: int = Field(description="Repeated addresses and the sender's own, not mailed.")


class EventIn(BaseModel):
    key: str = Field(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.:\-]+$")
    fields: dict[str, Any] | None = None
    dedupeKey: str | None = Field(default=None, min_length=1, max_length=255)


class EventsRequest(BaseModel):
    accountId: str = Field(max_length=255)
    userId: str = Field(max_length=255)
    events: list[EventIn] = Field(max_length=100)


class EventsResponse(BaseModel):
    accepted: int = Field(description="Events stored; a repeated dedupeKey is not stored again.")


class CookieCodesResponse(BaseModel):
    codes: list[str] = Field(
        description="This tenant's codes in cookie order; squatch-js autofills codes[0]."
    )
    codesByProgramme: dict[str, str] = Field(description="Programme id -> referral code.")
    code: str | None = Field(description="The first code, for autofill; null when none.")


class GraphQLRequest(BaseModel):
    query: str = Field(max_length=10_000)
    variables: dict[str, Any] | None = None
    operationName: str | None = Field(default=None, max_length=100)


class GraphQLResponse(BaseModel):
    data: dict[str, Any] | None = None
    errors: list[dict[str, Any]] | None = None


class GraphQLErrorItem(BaseModel):
    message: str
    locations: list[dict[str, int]] | None = None
    path: list[str | int] | None = None
    extensions: dict[str, Any] | None = Field(
        default=None, description="A refused render's referral error fields."
    )


class GraphQLRefusalBody(ReferralErrorBody):
    """The project's error shape, plus GraphQL's `errors` list for GraphQL clients."""

    errors: list[GraphQLErrorItem]
