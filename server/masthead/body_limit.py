"""Request bodies are capped (MAX_BODY_BYTES), so a client cannot make a process hold a body of
any size in memory: every route reads its whole body before it answers (JSON, forms).

The largest body a person sends is a staff story edit (a teaser and a body of 200,000
characters each: articles/rules.HTML_MAX), under 2 MB in UTF-8 whatever the script. A body
that says it is larger (Content-Length) is refused before any of it is read; one sent in
chunks without a length is read up to the cap and then refused, or handed on whole.
"""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from masthead.errors import error_body

MAX_BODY_BYTES = 2 * 1024 * 1024
# No route reads a body on these, and a body nobody reads is not kept: the server stops
# reading from the socket once its small buffer is full.
BODILESS = {"GET", "HEAD", "OPTIONS"}
TOO_LARGE = (
    "This request is larger than 2 MB, the most Masthead accepts. Please send less and try again."
)


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in BODILESS:
            await self.app(scope, receive, send)
            return
        length = _content_length(scope)
        if length is not None:
            # The server reads no more than the length says: nothing else to count.
            if length > MAX_BODY_BYTES:
                await _refuse(scope, receive, send)
            else:
                await self.app(scope, receive, send)
            return
        body = await _read_within_cap(receive)
        if body is None:
            await _refuse(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the server refuses a malformed length before we are called
    return None


async def _read_within_cap(receive: Receive) -> list[Message] | None:
    """The request's body messages, or None once they pass the cap. A client that leaves
    midway: what came, then its disconnect, for the route to see where it reads."""
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return [*messages, message]  # a disconnect: the app sees it where it reads
        size += len(message.get("body", b""))
        if size > MAX_BODY_BYTES:
            return None
        messages.append(message)
        if not message.get("more_body", False):
            return messages


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed


async def _refuse(scope: Scope, receive: Receive, send: Send) -> None:
    # Closed after the answer: the rest of the body is never read.
    refusal = JSONResponse(
        error_body("payload-too-large", TOO_LARGE), 413, headers={"Connection": "close"}
    )
    await refusal(scope, receive, send)
