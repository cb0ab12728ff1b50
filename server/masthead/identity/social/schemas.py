"""Wire shapes of social sign-in, keys as the spec writes them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# GET/PUT /blaize/profile/{provider}: spec section 7 names them with a leading underscore.
ProfilePath = Literal["_google", "_facebook", "_apple"]


class SocialProviders(BaseModel):
    providers: list[Literal["google", "facebook", "apple"]] = Field(
        description="The providers offered here, in the order the buttons show them; a "
        "provider without settings is left out."
    )


class ProviderNames(BaseModel):
    """The name parts the provider told (Apple: on the first sign-in only)."""

    model_config = ConfigDict(populate_by_name=True)

    first_name: str = Field(alias="first-name")
    last_name: str = Field(alias="last-name")
    full_name: str = Field(alias="full-name")


class ProviderNamesUpdate(BaseModel):
    """Each optional; leading and trailing spaces are trimmed before lengths are counted."""

    model_config = ConfigDict(populate_by_name=True, extra="forbid")

    first_name: str | None = Field(default=None, alias="first-name", max_length=100)
    last_name: str | None = Field(default=None, alias="last-name", max_length=100)
    full_name: str | None = Field(default=None, alias="full-name", max_length=200)
