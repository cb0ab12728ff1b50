"""Releasing a story's body (GET /content/{contentId}) and the entitlement question behind
it. Runs inline on the event loop: a few indexed reads on the pinned connection, no unit of
work, no thread hop (the same budget as identity/auth.py's session lookup)."""

from __future__ import annotations

from masthead.articles import repository as articles
from masthead.articles.models import FREE
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.service import current_reader
from masthead.site.entitlement import entitled

# Responses differ per reader: no shared cache may keep them.
PRIVATE = {"Cache-Control": "private, no-store"}
NOT_FOUND = "There is no story with this content id."
LOG_IN = "Please log in to read this story."
NOT_ENTITLED = "This story is for members. Subscribe to keep reading."


def release(runtime: Runtime, content_id: str, session_token: str | None) -> str:
    """The body of the story: to anyone for a free story, else only to an entitled session.
    404 unknown content; 401 no session; 403 not entitled."""
    found = articles.release_row(runtime.reader, content_id)
    if found is None:
        raise ApiError(404, "content-not-found", NOT_FOUND, headers=PRIVATE)
    access, body = found
    if access == FREE:
        return body
    reader = current_reader(runtime, session_token)
    if reader is None:
        raise ApiError(401, "unauthorized", LOG_IN, headers=PRIVATE)
    if not entitled(runtime.reader, runtime, reader):
        raise ApiError(403, "not-entitled", NOT_ENTITLED, headers=PRIVATE)
    return body


def access_of(runtime: Runtime, session_token: str | None) -> dict[str, bool]:
    """Whether the session is signed in and entitled, for the page's islands."""
    reader = current_reader(runtime, session_token)
    if reader is None:
        return {"loggedIn": False, "entitled": False}
    return {"loggedIn": True, "entitled": entitled(runtime.reader, runtime, reader)}
