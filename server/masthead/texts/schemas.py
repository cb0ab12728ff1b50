"""Wire shapes of text alerts and text-me-the-app."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

PHONE = Field(
    min_length=1,
    max_length=40,
    description="A mobile number in international format, like +1 212 555 0100.",
)


class TextAlertsOut(BaseModel):
    eligible: bool = Field(description="Whether this reader may turn text alerts on (members).")
    gate_message: str | None = Field(description="Why not, and how to become eligible.")
    opted_in: bool
    phone_number: str | None = Field(
        description="The number alerts go to (E.164), else the profile's phone-number to "
        "prefill the form with, else null."
    )
    phone_display: str | None = Field(description="phone_number as a person writes it.")
    consented_at: datetime | None = Field(description="When the current opt-in was given.")
    consent_text: str = Field(
        description="The consent wording to show beside the opt-in button: the words stored "
        "with the opt-in."
    )


class TextAlertsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    phone_number: str = PHONE
    consent: Literal[True] = Field(
        description="The reader ticked the box beside consent_text: must be true."
    )
    source: Literal["settings", "onboarding"] = Field(
        default="settings", description="Where the reader opted in (kept with the consent)."
    )


class AppTextIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    phone_number: str = PHONE


class AppTextOut(BaseModel):
    sent_to: str = Field(description="The number the link is being texted to, masked.")
