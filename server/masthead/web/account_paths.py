"""Which paths under /account the account area's router has a screen for: the list in
account_routes.json, which web/src/account/routes.test.tsx checks against the router's route
table. The server answers the others with status 404 (the app's own "Page not found").

Patterns are React Router's, relative to /account: segments, `:name` for one segment, `*`
for the rest; matched case-insensitively, with or without a trailing slash, as the router
matches them."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

ROUTES_FILE = Path(__file__).parent / "account_routes.json"


def _pattern(route: str) -> str:
    parts = []
    for segment in route.split("/") if route else []:
        if segment == "*":
            parts.append("(?:/.*)?")
        elif segment.startswith(":"):
            parts.append("/[^/]+")
        else:
            parts.append("/" + re.escape(segment))
    return "".join(parts)


@cache
def _matcher() -> re.Pattern[str]:
    routes: list[str] = json.loads(ROUTES_FILE.read_text(encoding="utf-8"))["routes"]
    alternatives = "|".join(_pattern(r) for r in routes)
    return re.compile(f"/account(?:{alternatives})/?", re.IGNORECASE)


def is_account_route(path: str) -> bool:
    """Whether the account area has a screen at `path` (/account/...)."""
    return _matcher().fullmatch(path) is not None
