"""Releasing a story's body (GET /content/{contentId}) to an entitled session. Runs on the
event loop: no unit of work, no thread hop; one query for the story, the session's reader
and their subscriptions together, awaited, so on PostgreSQL the loop answers other requests
during the round trip (db.PinnedReader.all_awaited)."""

from __future__ import annotations

from masthead.articles.api import FREE, release_row_awaited
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.site.entitlement import decide, session_reads_awaited

# Responses differ per reader: no shared cache may keep them.
PRIVATE = {"Cache-Control": "private, no-store"}
NOT_FOUND = "There is no story with this content id."
LOG_IN = "Please log in to read this story."
NOT_ENTITLED = "This story is for members. Subscribe to keep reading."


async def release(runtime: Runtime, content_id: str, session_token: str | None) -> str:
    """The body of the story: to anyone for a free story, else only to an entitled session.
    404 unknown content, or a story not on the site (a draft, unpublished, scheduled for
    later); 401 no session; 403 not entitled.

    A signed-in reader's release is one query (story, reader and subscriptions together);
    without a live session the story is read alone."""
    if "\x00" in content_id:  # no story's id has one, and PostgreSQL refuses it in text
        raise ApiError(404, "content-not-found", NOT_FOUND, headers=PRIVATE)
    found = await session_reads_awaited(runtime, session_token, content_id)
    if found is not None:
        story = found.story
    else:
        story = await release_row_awaited(runtime.reader, content_id, runtime.clock.now())
    if story is None:
        raise ApiError(404, "content-not-found", NOT_FOUND, headers=PRIVATE)
    access, body = story
    if access == FREE:
        return body
    if found is None:
        raise ApiError(401, "unauthorized", LOG_IN, headers=PRIVATE)
    if not decide(runtime, found.reader, found.subscriptions):
        raise ApiError(403, "not-entitled", NOT_ENTITLED, headers=PRIVATE)
    return body
