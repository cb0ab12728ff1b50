"""GET /comments/v1/live: the comments of a story published while a page is open reach it
as server-sent events, read from the database (so from whichever process published them),
one poller per story and process that stops with its last listener; bad queries are 400s,
too many streams 429 or 503."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import aclosing, asynccontextmanager
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from masthead.comments import repository
from masthead.comments.live.hub import hub_of
from masthead.comments.models import PENDING, PUBLISHED, Comment
from masthead.deps import Runtime
from tests.comments.helpers import MAIN_SPOT, a_reader
from tests.comments.streaming import StreamingASGITransport, messages, next_message
from tests.conftest import TEST_ORIGIN
from tests.site.stories import seed

LIVE = "/comments/v1/live"
RALLY, JETS = 3101, 3102
STORY = {"spot_id": MAIN_SPOT, "post_id": str(RALLY)}
WATCHING, KEEP_ALIVE = ": watching", ": keep-alive"


@pytest.fixture(autouse=True)
def _quick(runtime: Runtime) -> None:
    seed(runtime)
    runtime.settings.comments_live_poll_seconds = 0.02  # the tests' runtime's own settings


def write(
    runtime: Runtime, *, post_id: int = RALLY, status: str = PUBLISHED, parent: int | None = None
) -> int:
    """A comment stored by another transaction (as another process would store it)."""
    with runtime.sessions.begin() as db:
        return repository.add_comment(
            db,
            spot_id=MAIN_SPOT,
            post_id=post_id,
            author_id=None,
            body="A comment.",
            status=status,
            now=runtime.clock.now(),
            parent_id=parent,
        ).id


def approve(runtime: Runtime, comment_id: int) -> None:
    with runtime.sessions.begin() as db:
        comment = db.get(Comment, comment_id)
        assert comment is not None
        comment.status = PUBLISHED


def comment_event(comment_id: int, parent_id: int | None) -> str:
    return "event: comment\ndata: " + json.dumps({"id": comment_id, "parent_id": parent_id})


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())


@asynccontextmanager
async def streaming(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the app on this loop. On PostgreSQL the pollers read through the awaited
    pool, opened on this loop as a served process's lifespan opens it on its own."""
    awaited = app.state.runtime.reader.awaited
    if awaited is not None:
        await awaited.open()
    transport = StreamingASGITransport(app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url=TEST_ORIGIN) as client:
            yield client
    finally:
        if awaited is not None:
            await awaited.close()


@asynccontextmanager
async def watching(
    client: httpx.AsyncClient, params: dict[str, str] | None = None
) -> AsyncIterator[AsyncIterator[bytes]]:
    """An open stream of the story, once it is watched: what is published from now on."""
    async with client.stream("GET", LIVE, params=params or STORY) as answer:
        assert answer.status_code == 200
        async with aclosing(messages(answer)) as lines:
            assert await next_message(lines) == "retry: 3000"
            assert await next_message(lines) == WATCHING
            yield lines


def test_a_comment_published_while_the_page_is_open_arrives(app: FastAPI, runtime: Runtime) -> None:
    before = write(runtime)

    async def test() -> None:
        async with streaming(app) as client, client.stream("GET", LIVE, params=STORY) as answer:
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("text/event-stream")
            assert answer.headers["cache-control"] == "no-store"
            async with aclosing(messages(answer)) as lines:
                assert await next_message(lines) == "retry: 3000"
                assert await next_message(lines) == WATCHING
                top = write(runtime)
                assert await next_message(lines) == comment_event(top, None)
                reply = write(runtime, parent=before)
                assert await next_message(lines) == comment_event(reply, before)

    run(test)


def test_pending_comments_arrive_once_approved_and_other_stories_never(
    app: FastAPI, runtime: Runtime
) -> None:
    async def test() -> None:
        async with streaming(app) as client, watching(client) as lines:
            held = write(runtime, status=PENDING)
            write(runtime, post_id=JETS)  # another story's
            shown = write(runtime)
            assert await next_message(lines) == comment_event(shown, None)
            approve(runtime, held)  # a moderator approves the older, held comment
            assert await next_message(lines) == comment_event(held, None)
            after = write(runtime)
            assert await next_message(lines) == comment_event(after, None)

    run(test)


def test_every_open_page_of_the_story_gets_each_comment_from_one_poller(
    app: FastAPI, runtime: Runtime
) -> None:
    async def test() -> None:
        async with (
            streaming(app) as client,
            watching(client) as first,
            watching(client) as second,
        ):
            assert hub_of(app.state, runtime).watched == 1
            new = write(runtime)
            assert await next_message(first) == comment_event(new, None)
            assert await next_message(second) == comment_event(new, None)

    run(test)


def test_a_quiet_stream_sends_keep_alives(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.comments_live_keep_alive_seconds = 0.05

    async def test() -> None:
        async with streaming(app) as client, watching(client) as lines:
            assert await next_message(lines) == KEEP_ALIVE

    run(test)


def test_a_reader_leaving_stops_the_stream_and_the_poller(app: FastAPI, runtime: Runtime) -> None:
    async def test() -> None:
        hub = hub_of(app.state, runtime)
        async with streaming(app) as client:
            async with watching(client), watching(client, {**STORY, "post_id": str(JETS)}):
                assert (hub.listening, hub.watched) == (2, 2)
            # Closing each response waited for its application to end (tests/comments/streaming.py).
            assert (hub.listening, hub.watched) == (0, 0)
            # A poller cancelled inside an awaited query (PostgreSQL) ends once psycopg has
            # cancelled the query on the server: a few loop turns, not one. A poller left
            # running loops forever, so waiting a bounded time is the assertion.
            pollers = [task for task in asyncio.all_tasks() if "Hub._poll" in str(task.get_coro())]
            await asyncio.wait_for(asyncio.gather(*pollers, return_exceptions=True), timeout=5)

    run(test)


def test_an_id_that_names_no_story_streams_keep_alives_without_a_poller(
    app: FastAPI, runtime: Runtime
) -> None:
    runtime.settings.comments_live_keep_alive_seconds = 0.05

    async def test() -> None:
        hub = hub_of(app.state, runtime)
        async with (
            streaming(app) as client,
            watching(client, {**STORY, "post_id": "post-abc"}) as lines,
        ):
            assert (hub.listening, hub.watched) == (1, 0)
            assert await next_message(lines) == KEEP_ALIVE

    run(test)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"post_id": "3101"},
            "spot_id is required: the comments spot of the site, such as sp_MhMain01.",
        ),
        ({"spot_id": MAIN_SPOT}, "post_id is required: the story's post id, such as 3101."),
        (
            {"spot_id": "sp main", "post_id": "3101"},
            "spot_id must be 1 to 64 letters, digits, underscores or hyphens.",
        ),
        (
            {"spot_id": MAIN_SPOT, "post_id": "31/01"},
            "post_id must be 1 to 64 letters, digits, underscores or hyphens.",
        ),
    ],
)
def test_a_bad_query_is_a_400_that_says_why(
    app: FastAPI, params: dict[str, str], message: str
) -> None:
    async def test() -> None:
        async with streaming(app) as client:
            answer = await client.get(LIVE, params=params)
            assert answer.status_code == 400
            assert answer.json() == {"type": "bad-request", "message": message}

    run(test)


def test_streams_beyond_the_address_cap_are_429s(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.comments_live_listeners_per_address = 2

    async def test() -> None:
        async with streaming(app) as client, watching(client), watching(client):
            answer = await client.get(LIVE, params=STORY)
            assert answer.status_code == 429
            body: dict[str, Any] = answer.json()
            assert body["type"] == "too-many-requests"
            assert body["message"].startswith("Too many pages are following live comments")
            other = StreamingASGITransport(app, client=("10.0.0.2", 50000))
            async with (
                httpx.AsyncClient(transport=other, base_url=TEST_ORIGIN) as elsewhere,
                watching(elsewhere),
            ):
                pass  # another address may still open one

    run(test)


def test_streams_beyond_the_process_cap_are_503s(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.comments_live_listeners = 1

    async def test() -> None:
        async with streaming(app) as client, watching(client):
            answer = await client.get(LIVE, params=STORY)
            assert answer.status_code == 503
            assert answer.json()["type"] == "live-updates-busy"
            assert answer.headers["retry-after"] == "60"
        async with streaming(app) as client, watching(client):
            pass  # the first stream gone, there is room again

    run(test)


def test_opening_streams_over_and_over_is_limited(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.comments_live_opens_per_address = 2

    async def test() -> None:
        async with streaming(app) as client:
            for _ in range(2):
                async with watching(client):
                    pass
            answer = await client.get(LIVE, params=STORY)
            assert answer.status_code == 429
            assert "Retry-After".lower() in answer.headers
            assert answer.json()["message"].startswith("Too many live comment streams were opened")

    run(test)


def test_a_readers_cookie_changes_nothing(app: FastAPI, runtime: Runtime) -> None:
    """Public: the stream reads no cookie (a comments session or none, the same events)."""
    a_reader(runtime)

    async def test() -> None:
        async with streaming(app) as client:
            client.cookies.set("mh_comments", "anything")
            async with watching(client) as lines:
                new = write(runtime)
                assert await next_message(lines) == comment_event(new, None)

    run(test)
