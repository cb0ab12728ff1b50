"""The region check: is the visitor in a country where memberships are sold?

The country comes from one request header a trusted proxy or CDN sets and overwrites
(MASTHEAD_COUNTRY_HEADER, e.g. CloudFront-Viewer-Country). Without that setting, or when the
header is missing, the region is unknown and counts as supported: a server that was never
told the visitor's country does not lock anyone out, so `make run` works as is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from fastapi import Depends, Request

from masthead.settings import Settings

REGION_MESSAGE = "Memberships are not available in your region."


def visitor_country(headers: Mapping[str, str], settings: Settings) -> str | None:
    """The two-letter country the trusted header names, uppercased; None when unknown."""
    if not settings.country_header:
        return None
    value = headers.get(settings.country_header, "").strip().upper()
    return value if len(value) == 2 and value.isalpha() else None


def country_supported(country: str | None, settings: Settings) -> bool:
    if country is None:
        return True
    supported = settings.supported_country_codes
    return not supported or country in supported


def in_supported_region(headers: Mapping[str, str], settings: Settings) -> bool:
    return country_supported(visitor_country(headers, settings), settings)


async def request_in_supported_region(request: Request) -> bool:
    settings: Settings = request.app.state.runtime.settings
    return in_supported_region(request.headers, settings)


RegionDep = Annotated[bool, Depends(request_in_supported_region)]


def vary_headers(settings: Settings) -> dict[str, str]:
    """Answers that depend on the region say so to caches."""
    return {"Vary": settings.country_header} if settings.country_header else {}
