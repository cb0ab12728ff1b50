"""Wire shapes of the home-delivery operator API."""

from __future__ import annotations

from pydantic import BaseModel, Field

# The operator API's {email}: an ASCII address as the print system keeps it (RFC 5322's
# dot-atom local part without "/", which would end the path segment, and "%", which clients
# may take for an escape; a dotted host name).
# The call checks it itself (service.address), so that its refusal keeps its sentence.
EMAIL_PATTERN = (
    r"^[A-Za-z0-9!#$&'*+=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$&'*+=?^_`{|}~-]+)*"
    r"@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
    r"\.[A-Za-z]{2,63}$"
)
EMAIL_MAX_LENGTH = 254


class HomeDeliveryOut(BaseModel):
    email: str = Field(description="the address, normalised as accounts keep it")
    active: bool = Field(description="home delivery is active: the sports membership is free")
    startedAt: str | None = Field(description="the latest grant (ISO 8601)")
    endedAt: str | None = Field(description="the latest revocation (ISO 8601)")
    account: bool = Field(description="a reader account has this address now")
    accountVerified: bool = Field(
        description="that account has verified the address: only then does the grant apply "
        "(an unverified account gets it once it verifies; it is mailed a link)"
    )
