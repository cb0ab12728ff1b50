"""Wire shapes of the site API's recaptcha and recaptcha-disable calls."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from masthead.human_verification.providers import ACTION


class ChallengeOut(BaseModel):
    disabled: bool = Field(
        description="True: no challenge is needed (off by the server, or no key is set)."
    )
    provider: Literal["recaptcha", "turnstile"] | None = Field(
        default=None, description="Whose browser API to use: grecaptcha or turnstile."
    )
    site_key: str | None = Field(default=None, description="The provider's site key.")
    script_url: str | None = Field(
        default=None, description="The provider's browser script, to load once."
    )
    action: Literal["nyp_membership"] = Field(
        default=ACTION, description="The challenge's action (spec section 5)."
    )


class VerifyIn(BaseModel):
    token: str = Field(
        min_length=1,
        max_length=4096,
        description="The token the provider's browser API gave for the nyp_membership action.",
    )


class VerifyOut(BaseModel):
    success: Literal[True] = True
    disabled: bool = Field(description="True: the challenge is off, nothing was checked.")
    expires_in: int = Field(
        description="Seconds this browser may register or start a purchase without another "
        "check (0 while the challenge is off)."
    )
