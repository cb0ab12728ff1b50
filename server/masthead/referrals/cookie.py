"""The `_saasquatch` referral-cookie codec (pure: no I/O).

The value is base64url JSON without padding, shaped
`{"<app domain>": {"<tenant>_<code>": {"codes": {"<programme>": "<CODE>"},
"codesExp": {"<CODE>": <epoch>}}}}`. The library deep-merges new links into it, so one cookie
may hold codes of several tenants and domains.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote

COOKIE_NAME = "_saasquatch"
MAX_COOKIE_CHARS = 8192
# Epochs above this are milliseconds (JavaScript's Date.now()); below, seconds.
MILLISECONDS_FROM = 100_000_000_000
_BASE64 = re.compile(r"^[A-Za-z0-9_\-+/]*={0,2}$")
# A value's form, for the OpenAPI document: base64url (or base64) text, not empty.
COOKIE_PATTERN = r"^[A-Za-z0-9_\-+/]+={0,2}$"


class CookieError(ValueError):
    """The value is not a referral cookie; the message says why."""


def decode(value: str) -> dict[str, Any]:
    text = unquote(value).strip()
    if not text:
        raise CookieError("The referral cookie is empty.")
    if len(text) > MAX_COOKIE_CHARS:
        raise CookieError(f"The referral cookie is longer than {MAX_COOKIE_CHARS} characters.")
    if not _BASE64.match(text):
        raise CookieError("The referral cookie is not base64url text.")
    text = text.rstrip("=").replace("+", "-").replace("/", "_")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise CookieError("The referral cookie does not hold base64url-encoded JSON.") from None
    if not isinstance(data, dict):
        raise CookieError("The referral cookie must hold a JSON object.")
    return data


def encode(data: dict[str, Any]) -> str:
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def build(
    domain: str, tenant: str, programme: str, code: str, expires_at: datetime
) -> dict[str, Any]:
    """The cookie content a share link carries for one code."""
    return {
        domain: {
            f"{tenant}_{code}": {
                "codes": {programme: code},
                "codesExp": {code: int(expires_at.timestamp())},
            }
        }
    }


def _expired(epoch: Any, now: datetime) -> bool:
    if isinstance(epoch, bool) or not isinstance(epoch, int | float):
        return False  # no usable expiry: the cookie's own lifetime bounds it
    seconds = epoch / 1000 if epoch >= MILLISECONDS_FROM else epoch
    try:
        return datetime.fromtimestamp(seconds, UTC) <= now
    except (OverflowError, OSError, ValueError):
        return False


def codes_for_tenant(data: dict[str, Any], tenant: str, now: datetime) -> list[tuple[str, str]]:
    """(programme, CODE) pairs of one tenant, in the cookie's order, without expired codes.

    An entry counts only when its key is exactly `<tenant>_<code>` for a code it holds, so
    tenant `test` never reads `test_masthead_...` entries.
    """
    prefix = f"{tenant}_"
    found: list[tuple[str, str]] = []
    for entries in data.values():
        if not isinstance(entries, dict):
            continue
        for key, entry in entries.items():
            if not key.startswith(prefix) or not isinstance(entry, dict):
                continue
            codes, expiries = entry.get("codes"), entry.get("codesExp")
            if not isinstance(codes, dict):
                continue
            expiries = expiries if isinstance(expiries, dict) else {}
            keyed_code = key[len(prefix) :].upper()
            for programme, code in codes.items():
                if not isinstance(code, str) or code.upper() != keyed_code:
                    continue
                pair = (programme, code.upper())
                if pair not in found and not _expired(expiries.get(code), now):
                    found.append(pair)
    return found
