"""Answers meant for one reader are never kept by a cache: `Cache-Control: private, no-store`.

An answer is per reader when its request carries a credential (the session cookie, an
Authorization header, a referral user token) or when it sets a cookie. One middleware in front
of everything marks them, so no route can forget: a
shared cache in front of the server would otherwise hand one reader's account, profile or
members-only story to the next, and the browser would keep it on disk after logout.

A route keeps its own Cache-Control when it is at least as strict (`no-store`) or when it
declares the answer the same for everyone (`public`: content-hashed assets, the widget
script, avatars drawn from the query), since the browser sends the cookie with those too.
An answer that sets a cookie is private whatever the route said.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from masthead.identity.cookies import SESSION_COOKIE
from masthead.staff.api import STAFF_COOKIE

PRIVATE_NO_STORE = b"private, no-store"
# The referral service's user tokens (referrals/transport.py) and every bearer or basic key.
CREDENTIAL_HEADERS = {b"authorization", b"x-saasquatch-user-token", b"user-token"}
SESSION_MARK = f"{SESSION_COOKIE}=".encode()
STAFF_MARK = STAFF_COOKIE.encode()  # the staff console's: its name starts both of its cookies


def _carries_credential(headers: list[tuple[bytes, bytes]]) -> bool:
    for name, value in headers:
        if name in CREDENTIAL_HEADERS and value.strip():
            return True
        if name == b"cookie" and (SESSION_MARK in value or STAFF_MARK in value):
            return True
    return False


def _privately(headers: list[tuple[bytes, bytes]], sets_cookie: bool) -> list[tuple[bytes, bytes]]:
    own = b", ".join(v.lower() for n, v in headers if n.lower() == b"cache-control")
    if b"no-store" in own or (b"public" in own and not sets_cookie):
        return headers
    kept = [(n, v) for n, v in headers if n.lower() != b"cache-control"]
    return [*kept, (b"cache-control", PRIVATE_NO_STORE)]


class PrivateAnswersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        credential = _carries_credential(scope["headers"])

        async def send_private(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                sets_cookie = any(n.lower() == b"set-cookie" for n, _ in headers)
                if credential or sets_cookie:
                    message = {**message, "headers": _privately(headers, sets_cookie)}
            await send(message)

        await self.app(scope, receive, send_private)
