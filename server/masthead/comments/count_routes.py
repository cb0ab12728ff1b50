"""The comment counts (`GET /comments/v1/messages-count`): HTTP only.

Every home, section and story page asks it once for all its stories (web/src/site/
commentCounts.ts), so it is a LeanRoute (lean_routes.py) that app.py mounts first: `async
def` with one awaited read (comments/service.py), no dependency solving. Its query is read
from the Request and checked by the service, whose rules the parameters below state in the
OpenAPI document, so a schema-valid call is answered and any other gets a 400 saying why.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from masthead.comments import schemas, service
from masthead.deps import Runtime
from masthead.lean_routes import LeanRoute

router = APIRouter(prefix="/comments/v1", tags=["comments"], route_class=LeanRoute)

# The same for everyone (no reader's data, no cookie read; a comment's count is public on
# the story's page anyway), so any cache may keep it, briefly: a new comment shows in the
# counts within half a minute.
COUNTS_CACHE = {"Cache-Control": "public, max-age=30"}
QUERY = [
    {
        "name": "spot_id",
        "in": "query",
        "required": True,
        "schema": {"type": "string", "pattern": service.SPOT_ID_PATTERN},
        "description": "The comments spot of the site: the spotId of the page's "
        "`comment-counts` global (a story's own spot, or the brand's on a list).",
    },
    {
        "name": "posts_ids",
        "in": "query",
        "required": True,
        "schema": {"type": "string", "pattern": service.POSTS_IDS_PATTERN},
        "description": f"The post ids to count, separated by commas: 1 to {service.MAX_POSTS}, "
        f"each 1 to {service.POST_ID_LENGTH} letters, digits, underscores or hyphens.",
    },
]


@router.get(
    "/messages-count",
    response_model=schemas.MessagesCountOut,
    responses={400: {}},
    summary="How many published comments each post has, for a page's comment-count buttons",
    description="Public: no session, no nonce; `Cache-Control: public, max-age=30`. Each "
    "post id asked is a key of `messages_count`, as given; a post without published "
    "comments in the spot, or unknown to it, counts 0. Only published comments count (not "
    "those pending moderation, rejected or deleted). 400 `bad-request`, with a sentence "
    "saying what is wrong, when spot_id or posts_ids is missing or breaks its pattern "
    f"(an empty id, a space, more than {service.MAX_POSTS} ids, an id over "
    f"{service.POST_ID_LENGTH} characters).",
    openapi_extra={"parameters": QUERY},
)
async def messages_count(request: Request) -> Response:
    runtime: Runtime = request.app.state.runtime
    spot_id, post_ids = service.read_count_query(request.query_params)
    counts = await service.messages_count(runtime, spot_id, post_ids)
    return JSONResponse({"messages_count": counts}, headers=COUNTS_CACHE)
