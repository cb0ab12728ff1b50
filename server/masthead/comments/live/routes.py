"""New comments pushed to the pages open on a story (`GET /comments/v1/live`): HTTP only.

Public, like the thread: no cookie is read, every reader of a story gets the same events.
The query is read from the Request and checked by the comments service with the thread's
rules (the parameters below state them in the OpenAPI document)."""

from __future__ import annotations

import math

from fastapi import APIRouter, Request, Response

from masthead.client_address import client_address
from masthead.comments import service
from masthead.comments.live.hub import hub_of
from masthead.comments.live.stream import EventStream, events
from masthead.deps import Runtime
from masthead.errors import ApiError

router = APIRouter(prefix="/comments/v1", tags=["comments"])

OPENS_WINDOW_SECONDS = 600
QUERY = service.STORY_QUERY
STREAM = {
    "description": "A stream of server-sent events, open until the reader leaves.",
    "content": {"text/event-stream": {"schema": {"type": "string"}}},
}

BUSY = {
    "description": "This server process holds as many streams as it may.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
}


@router.get(
    "/live",
    response_class=EventStream,
    status_code=200,
    responses={200: STREAM, 400: {}, 429: {}, 503: BUSY},
    summary="New comments on a story, as they are published (server-sent events)",
    description="Public: no session, no cookie read; `Cache-Control: no-store`. An "
    'EventSource stream: `event: comment` with `data: {"id": <comment id>, "parent_id": '
    "<id or null>}` for each comment of the story published from now on (posted without "
    "pre-moderation, or approved by a moderator), within a few seconds of it, whichever "
    "server process took it; a `: keep-alive` comment every 15 seconds while quiet; a "
    "`: watching` comment once the story is watched. The client then reloads the thread "
    "pages it shows. 400 `bad-request`, with a sentence saying what is wrong, when spot_id "
    "or post_id is missing or breaks its pattern; 429 `too-many-requests` when one address "
    "holds too many streams or opens too many; 503 `live-updates-busy` when this server "
    "process holds as many streams as it may (Retry-After).",
    openapi_extra={"parameters": QUERY},
)
async def live_comments(request: Request) -> Response:
    runtime: Runtime = request.app.state.runtime
    spot_id, post_id = service.read_story_query(request.query_params)
    address = await client_address(request)
    _limit_opens(runtime, address)
    hub = hub_of(request.app.state, runtime)
    listener = hub.join(spot_id, service.story_post_id(post_id), address)
    keep_alive = runtime.settings.comments_live_keep_alive_seconds
    return EventStream(events(listener, keep_alive), on_close=lambda: hub.leave(listener))


def _limit_opens(runtime: Runtime, address: str) -> None:
    """Every stream opened counts, so a page reconnecting in a loop is stopped too."""
    limit = runtime.settings.comments_live_opens_per_address
    wait = runtime.rate_limiter.hit(f"comments-live:ip:{address}", limit, OPENS_WINDOW_SECONDS)
    if wait:
        minutes = math.ceil(wait / 60)
        raise ApiError(
            429,
            "too-many-requests",
            "Too many live comment streams were opened from your address. Reload the page in "
            f"{minutes} minute{'s' if minutes != 1 else ''} to see new comments.",
            headers={"Retry-After": str(wait)},
        )
