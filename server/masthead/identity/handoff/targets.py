"""Where a hand-off may go, pure: each brand's origin, the landing path, the chain's next hop.

Every URL here comes from a request and is hostile until one of these rules accepts it; the
hand-off must never become an open redirect.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from masthead.settings import Settings

BRANDS = ("main", "gossip", "lifestyle")
HOP_PATH = "/blaize/handoff/hop"
SCREEN_PATH = "/account/handoff"
MAX_TARGET_LENGTH = 2000
# Whitespace, control characters and backslashes have no place in a redirect target.
_FORBIDDEN = re.compile(r"[\s\x00-\x1f\x7f\\]")


def brand_origins(settings: Settings) -> dict[str, str]:
    """Each brand's site origin: the public URL's for the brand of its host, else the first
    host brand_hosts names for the brand, on the public URL's scheme and port (the brands
    are host names of one server)."""
    public = urlsplit(settings.public_url)
    port = f":{public.port}" if public.port else ""
    origins: dict[str, str] = {}
    own = settings.brand_hosts.get((public.hostname or "").lower())
    if own is not None:
        origins[own] = settings.public_origin
    for host, brand in settings.brand_hosts.items():
        origins.setdefault(brand, f"{public.scheme}://{host.lower()}{port}")
    return origins


def brand_of_host(settings: Settings, host: str) -> str | None:
    """The brand whose site this host name is, or None for a host that is no brand's."""
    return settings.brand_hosts.get(host.lower())


def landing_path(raw: str) -> str | None:
    """A path on the target site ("/account/appsubscribe?plan=1"), or None."""
    if not raw or len(raw) > MAX_TARGET_LENGTH or _FORBIDDEN.search(raw):
        return None
    parts = urlsplit(raw)
    if parts.scheme or parts.netloc or not raw.startswith("/"):
        return None
    return None if _leaves_the_site(parts.path) else raw


def _leaves_the_site(path: str) -> bool:
    """A path such as //evil.example reads as another host, also once percent-decoded."""
    for _ in range(3):
        if path.startswith("//") or "\\" in path:
            return True
        decoded = unquote(path)
        if decoded == path:
            return False
        path = decoded
    return True  # still encoded after several rounds: nobody writes a real path that way


def final_return(settings: Settings, raw: str) -> str | None:
    """The chain's last stop: an absolute http(s) URL on an allowed redirect host or a brand
    host, without user info; None otherwise."""
    if not raw or len(raw) > MAX_TARGET_LENGTH or _FORBIDDEN.search(raw):
        return None
    if not re.match(r"^https?://", raw, re.IGNORECASE):
        return None
    try:
        parts = urlsplit(raw)
        parts.port  # noqa: B018 (a port that is no number raises)
    except ValueError:
        return None
    host = (parts.hostname or "").lower()
    allowed = {h.lower() for h in settings.allowed_redirect_hosts} | set(settings.brand_hosts)
    if parts.username is not None or parts.password is not None or host not in allowed:
        return None
    return None if _leaves_the_site(parts.path or "/") else raw


def is_hop(settings: Settings, raw: str) -> bool:
    """A hop of the chain: this server's hop path on one of the brands' origins."""
    if not raw or len(raw) > 4 * MAX_TARGET_LENGTH or _FORBIDDEN.search(raw):
        return False
    try:
        parts = urlsplit(raw)
    except ValueError:
        return False
    origin = f"{parts.scheme}://{parts.netloc}"
    return (
        parts.path == HOP_PATH
        and parts.username is None
        and origin in brand_origins(settings).values()
    )


def accepted_next(settings: Settings, raw: str) -> str | None:
    """Where a hop may send the browser on: another hop, or the final return."""
    return raw if is_hop(settings, raw) else final_return(settings, raw)
