"""Allowed origins, pure: what a merchant types becomes the exact string a browser sends in
its Origin header (transport.py matches it exactly), or a sentence saying what is wrong.

An origin is a scheme (http or https), a host and an optional port: no path, query, user or
wildcard. Browsers send the host in lower case, in its ASCII (xn--) form, and leave out the
scheme's default port, so those are normalised here rather than refused.
"""

from __future__ import annotations

import re

MAX_ORIGINS = 20
MAX_ORIGIN_CHARS = 255
DEFAULT_PORTS = {"http": 80, "https": 443}
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOST = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*$")
_IPV6 = re.compile(r"^\[[0-9a-f:.]+\]$")
_ORIGIN = re.compile(r"^(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://(?P<authority>[^/?#]*)(?P<rest>.*)$")


class OriginError(ValueError):
    """The sentence saying why a value is not an origin."""


def normalise_origin(raw: str) -> str:
    """The origin as browsers send it; OriginError with a sentence when it is none."""
    value = raw.strip()
    shown = value[:80]
    if not value:
        raise OriginError("An allowed origin is empty: write one like https://shop.example.")
    if len(value) > MAX_ORIGIN_CHARS:
        raise OriginError(f'"{shown}…" is longer than {MAX_ORIGIN_CHARS} characters.')
    if "*" in value:
        raise OriginError(
            f'"{shown}" has a wildcard: list each origin in full, such as https://shop.example.'
        )
    match = _ORIGIN.match(value)
    if match is None:
        raise OriginError(f'"{shown}" is not an origin: write it like https://shop.example.')
    scheme = match["scheme"].lower()
    if scheme not in DEFAULT_PORTS:
        raise OriginError(f'"{shown}" must start with https:// or http://.')
    if match["rest"] not in ("", "/"):
        raise OriginError(
            f'"{shown}" has a path, query or fragment: an origin is only the scheme, host and '
            "port, such as https://shop.example."
        )
    authority = match["authority"]
    if "@" in authority:
        raise OriginError(f'"{shown}" has a user name in it: leave it out.')
    host, port = _split_port(authority, shown)
    host = host.lower()
    if not host.isascii():
        raise OriginError(
            f'"{shown}" has a host that is not ASCII: write it in its xn-- form, as browsers '
            "send it."
        )
    if not (_HOST.match(host) or _IPV6.match(host)):
        raise OriginError(f'"{shown}" does not have a valid host name.')
    if port is None or port == DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def _split_port(authority: str, shown: str) -> tuple[str, int | None]:
    if authority.startswith("["):  # an IPv6 address: [::1]:8000
        end = authority.find("]")
        host, after = authority[: end + 1], authority[end + 1 :]
        if end < 0 or (after and not after.startswith(":")):
            raise OriginError(f'"{shown}" does not have a valid host name.')
        digits = after[1:] if after else None
    else:
        host, colon, digits_or_empty = authority.partition(":")
        digits = digits_or_empty if colon else None
    if digits is None:
        return host, None
    if (
        not (digits.isascii() and digits.isdigit())
        or len(digits) > 5
        or not 1 <= int(digits) <= 65535
    ):
        raise OriginError(f'"{shown}" has a port that is not a number from 1 to 65535.')
    return host, int(digits)


def normalise_origins(values: list[str]) -> list[str]:
    """Each origin normalised, in the order given, without repeats; OriginError naming the
    first that is not one (its position counted from 1)."""
    if len(values) > MAX_ORIGINS:
        raise OriginError(f"List at most {MAX_ORIGINS} allowed origins; {len(values)} were sent.")
    seen: list[str] = []
    for position, value in enumerate(values, start=1):
        try:
            origin = normalise_origin(value)
        except OriginError as exc:
            raise OriginError(f"Allowed origin {position}: {exc}") from None
        if origin not in seen:
            seen.append(origin)
    return seen
