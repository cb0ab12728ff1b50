"""A story's comment thread (`GET /comments/v1/thread`): HTTP only.

Asked by the story page's comments client (web/src/comments/, which
web/src/site/commentsLauncher.ts loads) when a reader nears the comments, so it is a LeanRoute
like the counts (count_routes.py): `async def`, one awaited read, the query read from the
Request and checked by the service, whose rules the parameters below state in the OpenAPI
document.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from starlette.background import BackgroundTask

from masthead.comments import schemas, service, thread
from masthead.deps import Runtime
from masthead.lean_routes import LeanRoute

router = APIRouter(prefix="/comments/v1", tags=["comments"], route_class=LeanRoute)

# The same for everyone (no reader's data, no cookie read), so any cache may keep it briefly,
# as the counts: a new comment shows within half a minute.
THREAD_CACHE = {"Cache-Control": "public, max-age=30"}
QUERY = [
    *service.STORY_QUERY,
    {
        "name": "sort",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "enum": list(thread.SORTS), "default": "best"},
        "description": "The order of the top-level comments. `best`: featured comments "
        "first, then the highest score (up votes less down votes), then the most published "
        "replies, then newest first; `newest`; `oldest`. Replies are always oldest first.",
    },
    {
        "name": "cursor",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "pattern": service.CURSOR_PATTERN},
        "description": "The `next_cursor` of the previous page (opaque), asked with the same "
        "sort; left out for the first page.",
    },
]


@router.get(
    "/thread",
    response_model=schemas.ThreadOut,
    responses={400: {}},
    summary="A page of a story's published comment thread, for the comments under the story",
    description="Public: no session, no nonce; `Cache-Control: public, max-age=30`. "
    f"{thread.PAGE_SIZE} top-level comments a page, each with its replies two levels deep "
    "(replies oldest first; deeper replies are listed at the second level, each naming its "
    "parent). Only published comments show; a deleted comment with published replies below "
    "keeps its place, marked `deleted` with no body or author, and so does one a moderator "
    "rejected after they were published (marked `removed` too); pending comments are never "
    "shown nor counted (their author sees them in GET /comments/v1/me). Each comment carries its "
    "`up_votes`, `down_votes`, `hearts` and whether a moderator `featured` it. Authors: a "
    "name always; initials and "
    "avatar colour unless the profile is private. `total` counts the published comments as "
    "messages-count does. A post the spot does not know has an empty thread (total 0), as "
    "its count is 0. 400 `bad-request`, with a sentence saying what is wrong, when spot_id "
    "or post_id is missing or breaks its pattern, sort is not one of the three, or cursor "
    "is not a next_cursor given for that sort.",
    openapi_extra={"parameters": QUERY},
)
async def comment_thread(request: Request) -> Response:
    runtime: Runtime = request.app.state.runtime
    asked = service.read_thread_query(request.query_params)
    answer = await service.comment_thread(runtime, asked)
    kept = BackgroundTask(answer.keep) if answer.keep else None
    return Response(
        answer.body, media_type="application/json", headers=THREAD_CACHE, background=kept
    )
