"""Wire shapes of the site API's prepare-customer and postal-code calls."""

from __future__ import annotations

from pydantic import BaseModel, Field

from masthead.billing.payment_methods.postal_codes import STATE_PATTERN, ZIP_PATTERN

SESSION_FIELD = Field(
    default=None,
    max_length=200,
    description="The reader's session id (the login answer's cookie value); when sent it "
    "must be the session of the request's cookie (403 session-mismatch).",
)
TRACKING_FIELD = Field(
    default=None,
    max_length=64,
    description="The reader's tracking id; when sent it must be the signed-in reader's "
    "(403 session-mismatch).",
)


class PrepareCustomerIn(BaseModel):
    session_id: str | None = SESSION_FIELD
    tracking_id: str | None = TRACKING_FIELD


class PrepareCustomerOut(BaseModel):
    customer_id: str = Field(description="The reader's gateway customer id (their tracking id).")
    client_token: str = Field(description="A client token for the card form, on that customer.")


class PostalCodeIn(BaseModel):
    # The patterns document what the call checks itself, so that its refusal keeps its
    # sentence (400 bad-request, postal_codes.py): they are not validated here.
    state: str = Field(
        max_length=20,
        description="A US state, district, territory or military code, in either case: NY.",
        json_schema_extra={"pattern": STATE_PATTERN},
    )
    postal_code: str = Field(
        max_length=20,
        description="A ZIP code: 10001 or 10001-1234 (or 100011234, 10001 1234).",
        json_schema_extra={"pattern": ZIP_PATTERN},
    )
    session_id: str | None = SESSION_FIELD
    tracking_id: str | None = TRACKING_FIELD


class PostalCodeOut(BaseModel):
    state: str = Field(description="The state code, uppercased.")
    postal_code: str = Field(description="The ZIP code as stored: 10001 or 10001-1234.")
    in_supported_region: bool = Field(
        description="Memberships are sold there (MASTHEAD_SUPPORTED_COUNTRIES includes US, "
        "and MASTHEAD_SUPPORTED_STATES is empty or names the state)."
    )
    message: str | None = Field(description="Why not, when in_supported_region is false.")
