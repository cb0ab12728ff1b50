"""Wire shapes of the identity service (`/blaize/*`), keys exactly as the spec writes them."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from masthead.identity.profile_fields import (
    BOOLEAN_KEYS,
    DEFAULTS,
    INTEGER_KEYS,
    LIST_KEYS,
    STRING_KEYS,
)


class Identifiers(BaseModel):
    email_address: str = Field(max_length=320)


class PasswordValidators(BaseModel):
    password: str = Field(max_length=1024)


class RegisterValidators(BaseModel):
    password: str | None = Field(default=None, max_length=1024)
    token_exchange: str | None = Field(
        default=None, description="State key from a social sign-in popup (register action)."
    )


class LoginRequest(BaseModel):
    identifiers: Identifiers
    validators: PasswordValidators


class RegisterRequest(BaseModel):
    identifiers: Identifiers
    validators: RegisterValidators
    attributes: dict[str, Any] = Field(default_factory=dict)


class AuthResponse(BaseModel):
    cookie: str = Field(description="`blaize_session=<id>; Expires=<date>; Path=/;`")
    message: str
    tracking_id: str


class MessageResponse(BaseModel):
    message: str


class AccountResponse(BaseModel):
    identifiers: Identifiers
    tracking_id: str


class DataLayer(BaseModel):
    firstName: str
    fullName: str
    lastName: str
    loggedIn: bool
    trackingId: str
    products: list[str]
    hadTrial: bool
    paused: bool


class DataLayerResponse(BaseModel):
    dataLayer: DataLayer


class ResetRequest(BaseModel):
    identifiers: Identifiers


class PasswordRequest(BaseModel):
    validators: PasswordValidators


class UpdateEmailRequest(BaseModel):
    new_identifiers: Identifiers


class EmailChangedResponse(BaseModel):
    message: str
    identifiers: Identifiers


class ChangePasswordRequest(BaseModel):
    current_validators: PasswordValidators
    new_validators: PasswordValidators


def _profile_field(key: str) -> tuple[Any, Any]:
    if key in STRING_KEYS:
        kind: Any = str
    elif key in BOOLEAN_KEYS:
        kind = bool
    elif key in INTEGER_KEYS:
        kind = int | None
    else:
        assert key in LIST_KEYS
        kind = list[str]
    return (kind, Field(default=DEFAULTS[key], alias=key))


# Built from profile_fields so the documented shape cannot drift from the rules.
Profile: type[BaseModel] = create_model(  # type: ignore[call-overload]
    "Profile",
    __config__=ConfigDict(populate_by_name=True),
    **{key.replace("-", "_"): _profile_field(key) for key in sorted(DEFAULTS)},
)
