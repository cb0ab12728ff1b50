"""The paywall's content call answered in raw ASGI, in front of FastAPI's router.

An entitled reader's article view asks the content call; FastAPI's per-request work
(middleware, routing, dependency solving) cost as much as the whole decision.
PaywallFastPath answers only the requests whose answer is a 200: a GET with a valid
X-WP-Nonce, when the story is released. Every other request, each refusal included, goes on
untouched to the declared route (content_routes.py), which keeps the one answer for it and
its place in OpenAPI. The answers are built by the same functions (content.py) with the
same status, headers and body.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.cookies import SESSION_COOKIE
from masthead.site import content
from masthead.site.nonces import REST_ACTION, nonce_valid

PREFIX = "/wp-json/nyp-membership/v1/"
CONTENT = "content/"
HEADERS = [
    (b"content-type", b"application/json"),
    *((name.lower().encode(), value.encode()) for name, value in content.PRIVATE.items()),
]


class PaywallFastPath:
    def __init__(self, app: ASGIApp, runtime: Runtime) -> None:
        self.app = app
        self.runtime = runtime

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] == "GET"
            and scope["path"].startswith(PREFIX)
            and not scope.get("root_path")
        ):
            answer = await self._answer(scope["path"][len(PREFIX) :], scope["headers"])
            if answer is not None:
                await _send_json(send, answer)
                return
        await self.app(scope, receive, send)

    async def _answer(self, call: str, raw_headers: list[tuple[bytes, bytes]]) -> Any:
        content_id = call[len(CONTENT) :] if call.startswith(CONTENT) else None
        if not content_id or "/" in content_id:
            return None
        sent, cookie = None, None
        for name, value in raw_headers:  # the first of each, as Starlette's headers.get
            if name == b"x-wp-nonce" and sent is None:
                sent = value.decode("latin-1")
            elif name == b"cookie" and cookie is None:
                cookie = value.decode("latin-1")
        token = cookie_parser(cookie).get(SESSION_COOKIE) if cookie else None
        settings, now = self.runtime.settings, self.runtime.clock.now()
        if not sent or not nonce_valid(settings.secret_key, token or "", REST_ACTION, sent, now):
            return None  # the route refuses it
        try:
            return {"content": await content.release(self.runtime, content_id, token)}
        except ApiError:
            return None  # the route answers the refusal


async def _send_json(send: Send, body: Any) -> None:
    # As JSONResponse renders it, so both paths answer byte for byte the same.
    payload = json.dumps(
        body, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")
    headers = [(b"content-length", str(len(payload)).encode()), *HEADERS]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
