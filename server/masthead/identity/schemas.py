"""Wire shapes of the identity service (`/blaize/*`), keys exactly as the spec writes them."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, create_model

from masthead.identity.profile_fields import (
    BOOLEAN_KEYS,
    DEFAULTS,
    INTEGER_KEYS,
    LIST_KEYS,
    PATTERNS,
    READER_WRITABLE,
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
    cookie: str = Field(description="`zephrSessionId=<id>; Expires=<date>; Path=/;`")
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


class NewIdentifiers(BaseModel):
    # Documented as an address (the service words the refusal of one it cannot read); not
    # on Identifiers: sign-in takes any address an account was made with.
    email_address: str = Field(max_length=320, json_schema_extra={"format": "email"})


class UpdateEmailRequest(BaseModel):
    new_identifiers: NewIdentifiers


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


def _update_schema(key: str) -> dict[str, Any]:
    """The rule clean_value applies to `key`, as JSON Schema."""
    if key in STRING_KEYS:
        rule: dict[str, Any] = {"type": "string", "maxLength": STRING_KEYS[key]}
        if key in PATTERNS:
            # Anchored and optional: an empty value clears the field.
            rule["pattern"] = f"^(?:{PATTERNS[key][0].pattern[1:-1]})?$"
        return rule
    if key in BOOLEAN_KEYS:
        return {"type": "boolean"}
    low, high = INTEGER_KEYS[key]
    return {"anyOf": [{"type": "integer", "minimum": low, "maximum": high}, {"type": "null"}]}


def _update_field(key: str) -> tuple[Any, Any]:
    # Any on purpose: service.clean_profile_update checks every value, with messages that
    # name the field; this documents those same checks (one table, profile_fields), so the
    # account area's forms read the server's limits from the OpenAPI document.
    documented = Annotated[Any, WithJsonSchema(_update_schema(key))]
    return (documented, Field(default=None, alias=key))


def _describe_update(schema: dict[str, Any]) -> None:
    schema["description"] = (
        "The keys a reader may write, each optional; leading and trailing spaces are trimmed "
        "before a length is counted (in characters). Other keys get 400."
    )
    schema["additionalProperties"] = False
    for rule in schema["properties"].values():
        rule.pop("default", None)  # a key not sent is left as it is, not set to null


# What JSON Schema can say of updated-values: writable key names. That each was also sent is
# the service's check (clean_profile_update).
_UPDATED_VALUES = {
    "anyOf": [
        {"type": "array", "items": {"type": "string", "enum": sorted(READER_WRITABLE)}},
        {"type": "null"},
    ]
}

ProfileUpdate: type[BaseModel] = create_model(  # type: ignore[call-overload]
    "ProfileUpdate",
    __config__=ConfigDict(
        # Unknown and server-kept keys reach the service, which names them in its 400.
        extra="allow",
        json_schema_extra=_describe_update,
    ),
    updated_values=(
        Annotated[list[str] | None, WithJsonSchema(_UPDATED_VALUES)],
        Field(
            default=None,
            alias="updated-values",
            description="The keys sent, each one of the keys in this body (400 bad-request "
            "'The updated-values field must list only the fields sent.' otherwise); null or "
            "absent names none.",
        ),
    ),
    **{key.replace("-", "_"): _update_field(key) for key in sorted(READER_WRITABLE)},
)
