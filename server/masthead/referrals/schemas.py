"""Wire shapes of the referral service, keys exactly as squatch-js sends and reads them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.config import JsonDict

from masthead.referrals.inputs import LOCALE_PATTERN, MAX_RECIPIENTS, NAME_LIMIT

ID = Field(default=None, max_length=255)
_NAME_RULE = f"At most {NAME_LIMIT} characters once trimmed, control characters dropped."
# What inputs.user_fields accepts, for the document (its 400s word the refusals): an address
# or blank.
_EMAIL_OR_BLANK: JsonDict = {
    "anyOf": [
        {"type": "string", "format": "email", "maxLength": 320},
        {"type": "string", "maxLength": 0},
        {"type": "null"},
    ]
}


class UserBody(BaseModel):
    """The user squatch-js sends to cookie_user and upsert; unknown keys are ignored."""

    model_config = ConfigDict(extra="ignore")

    id: str | None = ID
    accountId: str | None = ID
    email: str | None = Field(default=None, max_length=320, json_schema_extra=_EMAIL_OR_BLANK)
    # At most NAME_LIMIT characters once trimmed and rid of control characters (400 otherwise):
    # a rule JSON Schema cannot state, so the document says what is parsed.
    firstName: str | None = Field(default=None, max_length=200, description=_NAME_RULE)
    lastName: str | None = Field(default=None, max_length=200, description=_NAME_RULE)
    locale: str | None = Field(
        default=None, max_length=16, json_schema_extra={"pattern": LOCALE_PATTERN}
    )
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
    jsOptions: dict[str, Any] = Field(
        description="The tenant's widget options, as its operator stored them (open: the "
        "library reads what it knows)."
    )


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
    recipients: list[str] = Field(
        max_length=100,
        # Documented as invites.send_invites checks them (its 400s name the recipient).
        json_schema_extra={
            "minItems": 1,
            "maxItems": MAX_RECIPIENTS,
            "items": {"type": "string", "format": "email", "maxLength": 320},
        },
    )


class InviteResponse(BaseModel):
    accepted: int = Field(description="Invites queued for sending.")
    rejected: int = Field(description="Repeated addresses and the sender's own, not mailed.")


class EventIn(BaseModel):
    key: str = Field(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_.:\-]+$")
    fields: dict[str, Any] | None = None  # the merchant's own event details: open
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
    # Shaped by the query's selection (graphql_schema.py describes the fields): open here.
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
