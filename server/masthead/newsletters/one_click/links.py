"""The addresses newsletter mail carries: the one-click unsubscribe URL (List-Unsubscribe) and
the signed preferences link, both absolute on MASTHEAD_PUBLIC_URL (https in production)."""

from __future__ import annotations

from urllib.parse import quote

from masthead.deps import Runtime
from masthead.newsletters.one_click import tokens

UNSUBSCRIBE_PATH = "/newsletters/unsubscribe/"
PREFERENCES_SCREEN = "/account/settings/newsletters-update"
SETTINGS_SCREEN = "/account/settings/newsletters"


def _base(rt: Runtime) -> str:
    return rt.settings.public_url.rstrip("/")


def unsubscribe_url(rt: Runtime, user_id: int, list_id: int) -> str:
    token = tokens.unsubscribe_token(rt.settings.secret_key, user_id, list_id)
    return f"{_base(rt)}{UNSUBSCRIBE_PATH}{quote(token)}"


def preferences_url(rt: Runtime, user_id: int) -> str:
    """The token rides in the fragment: a browser never sends it with the page's address, so it
    stays out of the page request's logs, Referer headers, history sync and the page address a
    tag manager reports (the screen's own read of /newsletters/preferences still carries it).
    The screen still reads `?token=` from mails sent before."""
    token = tokens.preferences_token(rt.settings.secret_key, user_id, rt.clock.now())
    return f"{_base(rt)}{PREFERENCES_SCREEN}#token={quote(token)}"


def list_headers(rt: Runtime, user_id: int, list_id: int, st_id: str) -> dict[str, str]:
    """RFC 2369 List-Unsubscribe with the RFC 8058 one-click POST; List-Id names the list."""
    host = rt.settings.public_url.split("://", 1)[-1].split("/", 1)[0].split(":", 1)[0]
    return {
        "List-Unsubscribe": f"<{unsubscribe_url(rt, user_id, list_id)}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": f"<{st_id}.{host or 'masthead.local'}>",
    }
