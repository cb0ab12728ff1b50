"""Wire shapes of the hand-off."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Brand = Literal["main", "gossip", "lifestyle"]
# A path on the target site: "/" then anything but a second slash or backslash first, and
# no whitespace or backslash anywhere (targets.landing_path checks the rest).
PATH_PATTERN = r"^/([^/\s\\][^\s\\]*)?$"


class HandoffRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    brand: Brand | None = Field(
        default=None,
        description="The brand whose site the reader is handed to; absent: this host's brand.",
    )
    app: bool = Field(
        default=False,
        strict=True,
        description="The publisher's app hands its reader to the web: the page opens in "
        "mobile-app mode, and the web session is the reader's own (signing out of the web "
        "leaves the app signed in).",
    )
    redirect: str = Field(
        default="/account/settings",
        min_length=1,
        max_length=2000,
        pattern=PATH_PATTERN,
        description="The path to land on at the target site, such as /account/appsubscribe.",
        examples=["/account/appsubscribe"],
    )


class HandoffOut(BaseModel):
    code: str = Field(description="The one-time code (also in url); good for one minute.")
    url: str = Field(description="Open this in the browser: the target site's hand-off page.")


class RedeemRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=1, max_length=128, pattern=r"^[A-Za-z0-9_\-]+$")


class RedeemOut(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    redirect: str = Field(description="The path to land on, on this site.")
    mobile_app: bool = Field(
        alias="mobileApp", description="Open the account area in mobile-app mode."
    )
