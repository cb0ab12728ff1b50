"""Site API nonces (`X-WP-Nonce`, `_ajax_nonce`), as WordPress makes them: bound to the
reader's session and an action, valid for the current and the previous half-day tick.

A nonce proves the request comes from a page this site rendered for this session (a
cross-site form cannot read one), not who the reader is: the session cookie does that. An
anonymous visitor's nonces are bound to the empty session, so logging in or out needs a
fresh page, as in WordPress.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime
from typing import Annotated

from fastapi import Depends, Request

from masthead.cookie_names import SESSION_COOKIE
from masthead.deps import Runtime
from masthead.errors import ApiError

TICK_SECONDS = 12 * 3600  # a nonce lives 12 to 24 hours
REST_ACTION = "wp_rest"  # the action of X-WP-Nonce; pages embed it for the site API
BAD_NONCE = "Your page has expired. Please reload the page and try again."


def _tick(now: datetime) -> int:
    return int(now.timestamp()) // TICK_SECONDS


def _digest(secret: str, session_token: str, action: str, tick: int) -> str:
    session = hashlib.sha256(session_token.encode()).hexdigest()
    message = f"{tick}|{action}|{session}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:20]


def make_nonce(secret: str, session_token: str, action: str, now: datetime) -> str:
    return _digest(secret, session_token, action, _tick(now))


def nonce_valid(secret: str, session_token: str, action: str, nonce: str, now: datetime) -> bool:
    # Bytes: compare_digest refuses a str with non-ASCII characters (TypeError), and a sent
    # nonce is whatever the client wrote, so `X-WP-Nonce: été` must be a plain mismatch.
    sent = nonce.encode("utf-8", "surrogatepass")
    tick = _tick(now)
    return any(
        hmac.compare_digest(sent, _digest(secret, session_token, action, t).encode())
        for t in (tick, tick - 1)
    )


def nonce_for_request(runtime: Runtime, request: Request, action: str = REST_ACTION) -> str:
    """The nonce a page rendered for this request embeds."""
    token = request.cookies.get(SESSION_COOKIE, "")
    return make_nonce(runtime.settings.secret_key, token, action, runtime.clock.now())


async def _sent_nonce(request: Request) -> str:
    sent = request.headers.get("x-wp-nonce") or request.query_params.get("_ajax_nonce")
    if not sent and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        form = await request.form()
        value = form.get("_ajax_nonce")
        sent = value if isinstance(value, str) else None
    return sent or request.query_params.get("_wpnonce", "")


async def require_rest_nonce(request: Request) -> None:
    """403 unless the request carries a valid nonce for this session (any of the three ways
    the spec's client sends one: X-WP-Nonce, _ajax_nonce in the form or the query)."""
    runtime: Runtime = request.app.state.runtime
    sent = await _sent_nonce(request)
    token = request.cookies.get(SESSION_COOKIE, "")
    secret, now = runtime.settings.secret_key, runtime.clock.now()
    if not sent or not nonce_valid(secret, token, REST_ACTION, sent, now):
        raise ApiError(403, "bad-nonce", BAD_NONCE)


NonceDep = Annotated[None, Depends(require_rest_nonce)]
