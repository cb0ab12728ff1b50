"""The decision engine's two per-article-view features answered in raw ASGI, before FastAPI's
router.

Every article view asks POST /zephr/decision-engine for membership-entitlement-check and
text-campaigns. Through the route that was a thread hop, a unit of work, the session, the
reader's subscriptions and the rules read one query at a time: a tenth of a trivial
endpoint's rate. DecisionFastPath answers those two features when the route would answer
200: a JSON body the route's model accepts, no second session that differs from the
cookie's. Every other request (other features, an unknown one, bad JSON, a mismatched
session) goes on, with its body, to the declared route (routes.py), which keeps the one
answer for it and its place in OpenAPI. The answer is the route's byte for byte: the same
status, headers and body (session_decisions.py decides, with the rules it keeps for at most
a second).

It sits inside OriginCheckMiddleware, so a cross-site POST riding on the cookie is refused
as before.
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from pydantic import ValidationError
from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from masthead.decisions import session_decisions
from masthead.decisions.schemas import DecisionIn
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.region import in_supported_region, vary_headers, visitor_country

PATH = "/zephr/decision-engine"


class DecisionFastPath:
    def __init__(self, app: ASGIApp, runtime: Runtime) -> None:
        self.app = app
        self.runtime = runtime
        self.rules = session_decisions.RuleCache(runtime)
        headers = {"Cache-Control": "no-store", **vary_headers(runtime.settings)}
        self._headers = [
            (k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "POST"
            or scope["path"] != PATH
            or scope.get("root_path")
        ):
            await self.app(scope, receive, send)
            return
        body, ended = await _read_body(receive)
        if ended is None:
            answer = await self._answer(scope, body)
            if answer is not None:
                await self._send_json(send, answer)
                return
        await self.app(scope, _replay(body, ended, receive), send)

    async def _answer(self, scope: Scope, raw: bytes) -> dict[str, Any] | None:
        """The route's 200 answer, or None to leave the request to the route."""
        headers = Headers(scope=scope)
        kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if kind != "application/json" or not raw:
            return None  # FastAPI's own reading of other types (and its refusals) applies
        try:
            sent = json.loads(raw)
            if not isinstance(sent, dict):
                return None
            question = DecisionIn.model_validate(sent)
        except (ValueError, ValidationError):  # bad JSON or a field the model refuses: 400
            return None
        slug = question.sdkFeatureSlug
        if slug not in session_decisions.FEATURES:
            return None  # another feature, or an unknown one (the route's 400)
        cookie_header = headers.get("cookie")
        cookie = cookie_parser(cookie_header).get(SESSION_COOKIE) if cookie_header else None
        if question.session and cookie and not hmac.compare_digest(question.session, cookie):
            return None  # the route's 403 session-mismatch
        settings = self.runtime.settings
        signed_in, value = await session_decisions.decide(
            self.runtime,
            self.rules,
            slug,
            question.session or cookie,
            question.path,
            in_supported_region(headers, settings),
            visitor_country(headers, settings),
        )
        return {"sdkFeatureSlug": slug, "loggedIn": signed_in, "outputValue": value}

    async def _send_json(self, send: Send, body: dict[str, Any]) -> None:
        # As JSONResponse renders it, headers in its order, so both paths answer alike.
        payload = json.dumps(
            body, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
        ).encode("utf-8")
        headers = [
            *self._headers,
            (b"content-length", str(len(payload)).encode()),
            (b"content-type", b"application/json"),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": payload})


async def _read_body(receive: Receive) -> tuple[bytes, Message | None]:
    """The request's body, and the message that ended it early (a disconnect), if any."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), message
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks), None


def _replay(body: bytes, ended: Message | None, receive: Receive) -> Receive:
    """A receive that gives the route the body already read, then the real channel."""
    pending: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]
    if ended is not None:
        pending = [{"type": "http.request", "body": body, "more_body": True}, ended]

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed
