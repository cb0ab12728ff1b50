"""An httpx transport that streams an ASGI application's answer as it is written.

httpx's ASGITransport (and Starlette's TestClient) hand the body over once the application
has finished: a server-sent events stream never finishes. This one runs the application in a
task on the test's loop, hands each chunk over as it is sent, and tells the application the
client left (http.disconnect) when the response is closed; closing then waits for the
application to end, so a stream that outlived its reader hangs the test instead of leaking.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
from starlette.types import ASGIApp, Message

ENDS_WITHIN = 10.0  # seconds an application has to end once its client left (a hang guard)


class _Body(httpx.AsyncByteStream):
    def __init__(
        self, chunks: asyncio.Queue[bytes | None], left: asyncio.Event, app: asyncio.Task[None]
    ) -> None:
        self._chunks, self._left, self._app = chunks, left, app

    async def __aiter__(self) -> AsyncIterator[bytes]:
        while (chunk := await self._chunks.get()) is not None:
            if chunk:
                yield chunk

    async def aclose(self) -> None:
        self._left.set()
        await asyncio.wait_for(self._app, ENDS_WITHIN)


class StreamingASGITransport(httpx.AsyncBaseTransport):
    def __init__(self, app: ASGIApp, client: tuple[str, int] = ("127.0.0.1", 50000)) -> None:
        self._app, self._client = app, client

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        body = await request.aread()
        scope: dict[str, Any] = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.4"},  # as uvicorn's
            "http_version": "1.1",
            "method": request.method,
            "scheme": request.url.scheme,
            "path": request.url.path,
            "raw_path": request.url.raw_path.split(b"?")[0],
            "query_string": request.url.query,
            "root_path": "",
            "headers": [(k.lower(), v) for k, v in request.headers.raw],
            "client": self._client,
            "server": (request.url.host, request.url.port or 80),
            "extensions": {},
        }
        left, started = asyncio.Event(), asyncio.Event()
        chunks: asyncio.Queue[bytes | None] = asyncio.Queue()
        start: dict[str, Any] = {}
        sent_body = False

        async def receive() -> Message:
            nonlocal sent_body
            if not sent_body:
                sent_body = True
                return {"type": "http.request", "body": body, "more_body": False}
            await left.wait()
            return {"type": "http.disconnect"}

        async def send(message: Message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                started.set()
            elif message["type"] == "http.response.body":
                if left.is_set():
                    raise OSError("the client left")  # as a server's write fails
                chunks.put_nowait(message.get("body", b""))
                if not message.get("more_body", False):
                    chunks.put_nowait(None)

        app = asyncio.create_task(self._app(scope, receive, send))
        waiting = asyncio.create_task(started.wait())
        await asyncio.wait({app, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if not started.is_set():
            waiting.cancel()
            await app  # raises what the application raised
            raise AssertionError("the application ended without answering")
        return httpx.Response(
            start["status"], headers=start.get("headers", []), stream=_Body(chunks, left, app)
        )


async def next_message(lines: AsyncIterator[bytes]) -> str:
    """The next server-sent message (the text up to its blank line), within ENDS_WITHIN."""
    return (await asyncio.wait_for(anext(lines), ENDS_WITHIN)).decode()


async def messages(answer: httpx.Response) -> AsyncIterator[bytes]:
    """Each message of the stream (its chunks split at blank lines)."""
    pending = b""
    async for chunk in answer.aiter_raw():
        pending += chunk
        while b"\n\n" in pending:
            message, pending = pending.split(b"\n\n", 1)
            yield message
