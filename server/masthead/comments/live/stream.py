"""A listener's stream as server-sent events, and the response that ends it when the reader
goes.

Starlette's StreamingResponse notices a reader who left only when a write fails (with ASGI
2.4 servers, uvicorn's among them): a quiet story writes a keep-alive every 15 seconds, so
its stream and the story's poller would outlive the page that long. EventStream always
listens for the disconnect too, cancels the stream at once, and leaves the hub however the
stream ends (even before its first byte, when the generator never started).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, Awaitable, Callable
from functools import partial

import anyio
from starlette.responses import StreamingResponse
from starlette.types import Receive, Scope, Send

from masthead.comments.live.hub import Listener

KEEP_ALIVE = b": keep-alive\n\n"
# Once the story's poller has taken its first look: every comment published from now on
# will be announced (the tests wait for it; a client may ignore it, as comments are).
WATCHING = b": watching\n\n"
# How long the browser's EventSource waits before it reconnects (milliseconds).
RETRY = b"retry: 3000\n\n"
HEADERS = {
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",  # a proxy (nginx) must pass each event on at once
}


def comment_event(comment_id: int, parent_id: int | None) -> bytes:
    data = json.dumps({"id": comment_id, "parent_id": parent_id}, separators=(", ", ": "))
    return f"event: comment\ndata: {data}\n\n".encode()


async def events(listener: Listener, keep_alive: float) -> AsyncGenerator[bytes]:
    """The listener's events; a keep-alive comment whenever keep_alive seconds pass quietly."""
    yield RETRY
    while not listener.ready.is_set():
        try:
            await asyncio.wait_for(listener.ready.wait(), keep_alive)
        except TimeoutError:
            yield KEEP_ALIVE
    yield WATCHING
    while True:
        try:
            await asyncio.wait_for(listener.wake.wait(), keep_alive)
        except TimeoutError:
            yield KEEP_ALIVE
            continue
        comments = listener.take()
        if listener.lost:  # too far behind: end, and the browser reconnects
            return
        for comment_id, parent_id in comments:
            yield comment_event(comment_id, parent_id)


class EventStream(StreamingResponse):
    media_type = "text/event-stream"

    def __init__(self, content: AsyncGenerator[bytes], on_close: Callable[[], None]) -> None:
        super().__init__(content, headers=HEADERS, media_type=self.media_type)
        self._events = content
        self._on_close = on_close

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            async with anyio.create_task_group() as group:

                async def first_to_end(step: Callable[[], Awaitable[None]]) -> None:
                    await step()
                    group.cancel_scope.cancel()

                group.start_soon(first_to_end, partial(self.stream_response, send))
                await first_to_end(partial(self.listen_for_disconnect, receive))
        except* OSError:
            pass  # the reader went while a write was on its way
        finally:
            self._on_close()
            await self._events.aclose()  # a generator cancelled between two events
