"""Wire shapes of the referral tenants' console API (/admin/api/referral-tenants) and operator
API (/operator/v1/referral-tenants): the same shapes for both.

Fields that JSON Schema can describe are described exactly (aliases, slugs, sizes); what it
cannot (an origin, a landing URL, a code bank's lines) the service checks and refuses with
400 `invalid-tenant`, `invalid-programme` or `invalid-codes`, each with a sentence.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from masthead.referrals.programmes.code_bank import MAX_CHARS, MAX_PROBLEMS_SHOWN
from masthead.referrals.programmes.origins import MAX_ORIGIN_CHARS, MAX_ORIGINS

ALIAS_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
SLUG_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
EVENT_KEY_PATTERN = r"^[A-Za-z0-9_.:-]{1,100}$"
MAX_CONVERSION_KEYS = 20
MAX_JS_OPTIONS_CHARS = 20_000

EventKey = Annotated[str, StringConstraints(pattern=EVENT_KEY_PATTERN)]
OriginText = Annotated[str, StringConstraints(max_length=MAX_ORIGIN_CHARS)]
Mode = Literal["test", "live"]
Status = Literal["PENDING", "CONVERTED"]

_MODE_HELP = (
    "`test`: widget calls without a user JWT are accepted (never in production); `live`: "
    "every widget call needs a user JWT signed with the tenant's API key."
)
_ORIGINS_HELP = (
    f"Up to {MAX_ORIGINS} merchant page origins (scheme, host, optional port; no path), "
    "matched exactly against the browser's Origin header: normalised to lower case without "
    "the default port, repeats dropped. 400 `invalid-tenant` names the first that is not one."
)
_JS_OPTIONS_HELP = (
    "The widget options squatch-js reads (widget.defaultWidgetType, widgetUrlMappings, "
    f"conversionUrls, fuelTankAutofillUrls, cta): a JSON object of at most "
    f"{MAX_JS_OPTIONS_CHARS:,} characters."
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TenantIn(_Strict):
    alias: str = Field(
        pattern=ALIAS_PATTERN,
        description="The tenant alias merchant pages name (squatch.init({tenantAlias})): "
        "lower-case letters, digits, - and _. It cannot be changed, nor ever reused, since "
        "share links and referral cookies carry it.",
    )
    name: str = Field(min_length=1, max_length=200, description="The merchant's name.")
    mode: Mode = Field(default="test", description=_MODE_HELP)
    allowed_origins: list[OriginText] = Field(
        default_factory=list, max_length=MAX_ORIGINS, description=_ORIGINS_HELP
    )
    js_options: dict[str, Any] = Field(default_factory=dict, description=_JS_OPTIONS_HELP)


class TenantChange(_Strict):
    """What to change; a field left out keeps its value."""

    name: str | None = Field(default=None, min_length=1, max_length=200)
    mode: Mode | None = Field(default=None, description=_MODE_HELP)
    allowed_origins: list[OriginText] | None = Field(
        default=None, max_length=MAX_ORIGINS, description=_ORIGINS_HELP
    )
    js_options: dict[str, Any] | None = Field(default=None, description=_JS_OPTIONS_HELP)


class TenantOut(BaseModel):
    alias: str
    name: str
    mode: Mode
    allowed_origins: list[str]
    js_options: dict[str, Any]
    created_at: datetime
    key_rotated_at: datetime | None = Field(description="null: the key it was created with.")
    key_ends_with: str = Field(
        description="The key's last 4 characters, to tell keys apart; the key itself is "
        "shown only once, when made."
    )
    programmes: int = Field(description="How many programmes it has.")


class TenantPage(BaseModel):
    items: list[TenantOut]
    next: str | None = Field(description="The `after` of the next page; null on the last.")


class TenantWithKey(BaseModel):
    """A new key, shown this once: Masthead keeps it to check calls, but never shows it again."""

    tenant: TenantOut
    api_key: str = Field(
        description="The tenant's API key: the password of the merchant server's HTTP Basic "
        "auth and the HS256 secret of its users' JWTs. Shown this once."
    )


class ProgrammeIn(_Strict):
    slug: str = Field(
        pattern=SLUG_PATTERN,
        description="The programme id widgets and cookies name (programId); cannot be changed.",
    )
    name: str = Field(min_length=1, max_length=200)
    referrer_reward: str = Field(
        min_length=1, max_length=255, description="What the referrer gets, in words."
    )
    referred_reward: str = Field(
        min_length=1,
        max_length=255,
        description="What the referred friend gets, in words; with a code from the code bank "
        "while it has any.",
    )
    conversion_keys: list[EventKey] = Field(
        min_length=1,
        max_length=MAX_CONVERSION_KEYS,
        description="Event keys that convert a pending referral (e.g. purchase), sent only "
        "by the merchant's server.",
    )
    landing_url: str = Field(
        min_length=1,
        max_length=2048,
        description="Where a share link lands (http or https, no fragment); 400 "
        "`invalid-programme` otherwise.",
    )


class ProgrammeChange(_Strict):
    """What to change; a field left out keeps its value."""

    name: str | None = Field(default=None, min_length=1, max_length=200)
    referrer_reward: str | None = Field(default=None, min_length=1, max_length=255)
    referred_reward: str | None = Field(default=None, min_length=1, max_length=255)
    conversion_keys: list[EventKey] | None = Field(
        default=None, min_length=1, max_length=MAX_CONVERSION_KEYS
    )
    landing_url: str | None = Field(default=None, min_length=1, max_length=2048)


class CodeCounts(BaseModel):
    total: int
    used: int = Field(description="Handed to a referred reader's reward.")
    left: int
    low: bool = Field(
        description="Few codes left (`low_at` or fewer, and the bank is not empty of "
        "codes it never had): upload more before it runs dry."
    )
    low_at: int


class ProgrammeOut(BaseModel):
    slug: str
    name: str
    referrer_reward: str
    referred_reward: str
    conversion_keys: list[str]
    landing_url: str
    created_at: datetime
    default: bool = Field(description="The tenant's first programme: share links land on it.")
    codes: CodeCounts


class ProgrammeList(BaseModel):
    items: list[ProgrammeOut]


class CodesIn(_Strict):
    csv: str = Field(
        max_length=MAX_CHARS,
        description="The CSV file's text: one code per line, optionally a header row naming "
        "the code column (code, coupon, voucher, ...); blank lines skipped; 3 to 64 letters, "
        "digits, - or _ per code; no repeats, in the file or the tenant's bank, ignoring case. "
        "All or nothing: 400 `invalid-codes` lists the lines that are wrong.",
    )


class CodesAdded(BaseModel):
    added: int
    codes: CodeCounts


class LineProblem(BaseModel):
    line: int = Field(description="The line of the file, counted from 1.")
    message: str


class CodesRefusal(BaseModel):
    """400: the one error shape, plus the lines of a refused code bank."""

    type: str
    message: str
    problems: list[LineProblem] = Field(
        default_factory=list,
        description=f"The lines that are wrong (the first {MAX_PROBLEMS_SHOWN}); empty for a "
        "fault of the whole file or the request.",
    )


class Participant(BaseModel):
    account_id: str
    user_id: str
    email: str | None
    name: str


class RewardOut(BaseModel):
    kind: Literal["referrer", "referred"]
    description: str
    fuel_tank_code: str | None
    issued_at: datetime


class ReferralOut(BaseModel):
    id: int
    programme: str = Field(description="The programme's slug.")
    referrer: Participant
    referred: Participant
    code: str = Field(description="The referral code the friend came with.")
    status: Status
    created_at: datetime
    converted_at: datetime | None
    rewards: list[RewardOut]


class ReferralPage(BaseModel):
    items: list[ReferralOut]
    next: int | None = Field(description="The `before` of the next (older) page; null on the last.")
