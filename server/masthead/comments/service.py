"""The comments service's public reads: the comment counts of spec section 7 (`GET
/comments/v1/messages-count`) and a story's thread (`GET /comments/v1/thread`), both read on
the event loop (no unit of work, no thread hop); a first page just built is kept after the
answer is sent, in a transaction of its own (cached_pages)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, NamedTuple

from sqlalchemy.orm import Session

from masthead.comments import cursors, repository, thread
from masthead.comments.cached_pages import service as kept_pages
from masthead.comments.models import SPOT_ID_LENGTH
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import read_profile

MAX_POSTS = repository.MAX_COUNTED_POSTS  # post ids one counts call may name
POST_ID_LENGTH = 64
# The ids the spec's calls carry: OpenWeb's spot ids ("sp_" and letters) and post ids (the
# story's post id, digits here; other services' ids are letters, digits, _ and -).
_ID = f"[A-Za-z0-9_-]{{1,{POST_ID_LENGTH}}}"
_SPOT = f"[A-Za-z0-9_-]{{1,{SPOT_ID_LENGTH}}}"
# The same rules as patterns of the OpenAPI document, so what it allows is what is accepted.
SPOT_ID_PATTERN = f"^{_SPOT}$"
POSTS_IDS_PATTERN = f"^{_ID}(,{_ID}){{0,{MAX_POSTS - 1}}}$"
# The whole list in one match (their number is checked first, by counting the commas).
_POST_IDS = re.compile(f"{_ID}(?:,{_ID})*")
_SPOT_ID = re.compile(_SPOT)
_LARGEST_POST_ID = 2**31 - 1

# Any call naming a comment readers cannot see (pending, rejected, deleted, unknown).
COMMENT_GONE = "This comment is no longer available."

SPOT_REQUIRED = "spot_id is required: the comments spot of the site, such as sp_MhMain01."
SPOT_INVALID = f"spot_id must be 1 to {SPOT_ID_LENGTH} letters, digits, underscores or hyphens."
POSTS_REQUIRED = "posts_ids is required: the post ids to count, separated by commas."
POSTS_INVALID = (
    f"posts_ids must be post ids separated by commas (no spaces, none empty), each 1 to "
    f"{POST_ID_LENGTH} letters, digits, underscores or hyphens."
)


POST_ID_PATTERN = f"^{_ID}$"
_POST_ID = re.compile(_ID)
POST_REQUIRED = "post_id is required: the story's post id, such as 3101."
POST_INVALID = f"post_id must be 1 to {POST_ID_LENGTH} letters, digits, underscores or hyphens."
SORT_INVALID = "sort must be one of " + ", ".join(thread.SORTS) + "."
CURSOR_INVALID = (
    "cursor must be the next_cursor of an earlier answer, asked with the same sort "
    "(or left out, for the first page)."
)
CURSOR_LENGTH = 200  # far more than any cursor given: a longer one is refused unread
CURSOR_PATTERN = f"^[A-Za-z0-9_-]{{1,{CURSOR_LENGTH}}}$"  # base64url, unpadded


# The two query parameters that name a story's conversation, as the OpenAPI document states
# them (the thread and live calls).
STORY_QUERY: list[dict[str, Any]] = [
    {
        "name": "spot_id",
        "in": "query",
        "required": True,
        "schema": {"type": "string", "pattern": SPOT_ID_PATTERN},
        "description": "The story's comments spot (the spotId of its `comments-settings`).",
    },
    {
        "name": "post_id",
        "in": "query",
        "required": True,
        "schema": {"type": "string", "pattern": POST_ID_PATTERN},
        "description": f"The story's post id: 1 to {POST_ID_LENGTH} letters, digits, "
        "underscores or hyphens.",
    },
]


class ThreadQuery(NamedTuple):
    spot_id: str
    post_id: str
    sort: str
    after: tuple[int, ...] | None  # the cursor's key; None for the first page


def too_many(count: int) -> str:
    return f"posts_ids names {count} posts; one call counts at most {MAX_POSTS}."


def _refuse(message: str) -> ApiError:
    return ApiError(400, "bad-request", message)


def _spot_id(query: Mapping[str, str]) -> str:
    """The spot id every comments call names first, or its 400."""
    spot_id = query.get("spot_id")
    if spot_id is None:
        raise _refuse(SPOT_REQUIRED)
    if not _SPOT_ID.fullmatch(spot_id):
        raise _refuse(SPOT_INVALID)
    return spot_id


def read_count_query(query: Mapping[str, str]) -> tuple[str, list[str]]:
    """The spot id and the post ids of a counts call's query, or a 400 that says what is
    wrong. Of a name given twice the last value counts (as FastAPI reads a query)."""
    spot_id, posts = _spot_id(query), query.get("posts_ids")
    if posts is None:
        raise _refuse(POSTS_REQUIRED)
    named = posts.count(",") + 1
    if named > MAX_POSTS:
        raise _refuse(too_many(named))
    if not _POST_IDS.fullmatch(posts):
        raise _refuse(POSTS_INVALID)
    return spot_id, posts.split(",")


def story_post_id(post_id: str) -> int | None:
    """The story post id this id (letters, digits, _ and -) writes, if it writes one: a
    positive 32-bit integer without leading zeros (Masthead's post_id). Any other id names
    no story here: its count is 0."""
    if not post_id.isdigit() or post_id[0] == "0" or len(post_id) > 10:
        return None
    number = int(post_id)
    return number if number <= _LARGEST_POST_ID else None


async def messages_count(runtime: Runtime, spot_id: str, post_ids: list[str]) -> dict[str, int]:
    """Each post id as given, with how many published comments it has in this spot (0 for
    a post without any, or unknown): one query for all of them."""
    asked = {post_id: story_post_id(post_id) for post_id in post_ids}
    numbers = sorted({number for number in asked.values() if number is not None})
    counts = await repository.published_counts_awaited(runtime.reader, spot_id, numbers)
    return {
        post_id: 0 if number is None else counts.get(number, 0) for post_id, number in asked.items()
    }


def read_story_query(query: Mapping[str, str]) -> tuple[str, str]:
    """The spot id and post id naming one story's comments (the thread's, the live
    updates'), or a 400 that says what is wrong."""
    spot_id, post_id = _spot_id(query), query.get("post_id")
    if post_id is None:
        raise _refuse(POST_REQUIRED)
    if not _POST_ID.fullmatch(post_id):
        raise _refuse(POST_INVALID)
    return spot_id, post_id


def read_thread_query(query: Mapping[str, str]) -> ThreadQuery:
    """A thread call's spot, post, sort (best by default) and cursor, or a 400 that says
    what is wrong."""
    spot_id, post_id = read_story_query(query)
    sort = query.get("sort", "best")
    if sort not in thread.SORTS:
        raise _refuse(SORT_INVALID)
    cursor = query.get("cursor")
    after = None
    if cursor is not None:
        if len(cursor) > CURSOR_LENGTH:
            raise _refuse(CURSOR_INVALID)
        try:
            after = thread.decode_cursor(sort, cursor)
        except cursors.BadCursor:
            raise _refuse(CURSOR_INVALID) from None
    return ThreadQuery(spot_id, post_id, sort, after)


class ThreadAnswer(NamedTuple):
    body: bytes  # the page as JSON, as the call answers it
    keep: Callable[[], None] | None  # keeps a first page just built, once it is answered


def _json(page: dict[str, Any]) -> bytes:
    # As Starlette's JSONResponse writes it, so a kept page reads byte for byte the same.
    return json.dumps(page, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


async def comment_thread(runtime: Runtime, asked: ThreadQuery) -> ThreadAnswer:
    """A page of the story's thread. The first page is usually kept built (cached_pages): one
    query that returns it. Otherwise one query for the thread's rows, and the page is made
    here (and, for a first page, kept). A post the spot does not know (or an id that names no
    story) has an empty thread, as its count is 0."""
    number = story_post_id(asked.post_id)
    if number is None:
        return ThreadAnswer(_json(_page([], asked)), None)
    first = asked.after is None
    if first:
        version, kept = await kept_pages.kept_first_page(runtime, asked.spot_id, number, asked.sort)
        if kept is not None:
            return ThreadAnswer(kept.encode(), None)
    rows = await repository.thread_rows_awaited(runtime.reader, asked.spot_id, number)
    body = _json(_page(rows, asked))
    if not first or not rows:  # an empty thread costs nothing to read (and may be no story)
        return ThreadAnswer(body, None)
    return ThreadAnswer(
        body,
        partial(
            kept_pages.keep_first_page,
            runtime,
            asked.spot_id,
            number,
            asked.sort,
            version,
            body.decode(),
        ),
    )


def _page(rows: list[thread.Row], asked: ThreadQuery) -> dict[str, Any]:
    page = thread.build_page(rows, asked.sort, asked.after)
    return {"total": page.total, "comments": page.comments, "next_cursor": page.next_cursor}


def comment_gone() -> ApiError:
    return ApiError(404, "comment-not-found", COMMENT_GONE)


def author_card(db: Session, comment_id: int) -> dict[str, Any]:
    """The card a reader opens from a published comment's byline: its author as the thread
    shows them, with their bio, location and how long and how much they have commented,
    unless the profile is private (then the name alone) or the account is erased."""
    found = repository.published_author(db, comment_id)
    if found is None:
        raise comment_gone()
    card = thread.author_view(found.author_id, found.attributes)
    profile = read_profile(found.attributes or {})
    if found.author_id is None or profile["private-profile"]:
        shown = "erased" if found.author_id is None else "private"
        hidden = {"bio": None, "location": None, "comments": None, "commenting_since": None}
        return {**card, "profile": shown, **hidden}
    return {
        **card,
        "profile": "public",
        "bio": str(profile["bio"]).strip() or None,
        "location": str(profile["location"]).strip() or None,
        "comments": found.published,
        "commenting_since": thread.iso_time(found.since),
    }
