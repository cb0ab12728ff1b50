"""The paywall's content call, asked on every entitled reader's article view
(`/wp-json/nyp-membership/v1/content/{contentId}`). HTTP only. The entitlement question
before it is the decision engine's (decisions/session_decisions.py).

A LeanRoute (lean_routes.py): described like any route, called by Starlette with the
Request, which it reads itself (the nonce check is called, not injected); `async def` with
one awaited read (see site/content.py), so no request waits for a thread; and the app
mounts it first, because routes are tried in order.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import SESSION_COOKIE
from masthead.lean_routes import LeanRoute
from masthead.nonces import require_rest_nonce
from masthead.site import content, schemas

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"], route_class=LeanRoute)
CONTENT_ID = {
    "name": "contentId",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "title": "Contentid"},
    "description": "The story's content id (the page's membership-content global).",
}


async def private_nonce(request: Request) -> None:
    """The site API nonce (nonces.require_rest_nonce); its refusal is private too."""
    try:
        await require_rest_nonce(request)
    except ApiError as exc:
        exc.headers = {**exc.headers, **content.PRIVATE}
        raise


@router.get(
    "/content/{contentId}",
    response_model=schemas.ContentOut,
    responses={401: {}, 403: {}, 404: {}},
    summary="The full body of a story, for the page's paywall to append",
    description="Needs the site API nonce (`X-WP-Nonce`, or `_ajax_nonce` in the query): "
    "403 `bad-nonce` without a valid one. 404 `content-not-found` for an unknown content "
    "id, or a story not on the site (a draft, unpublished, or scheduled for later). A free "
    "story's body is answered to anyone. A members-only story's body only to a "
    "session whose reader is entitled, decided on the server from their subscriptions and "
    "products (a member-like status, or home delivery): 401 `unauthorized` without a "
    "session, 403 `not-entitled` otherwise, and never any part of the body. No cookie the "
    "browser can write (the `vip-go-seg` segment among them) is read. `content` is the "
    "story's HTML after the teaser the page already shows. `Cache-Control: private, "
    "no-store` on every answer.",
    openapi_extra={"parameters": [CONTENT_ID]},
)
async def story_content(request: Request) -> Response:
    await private_nonce(request)  # called, not injected: the hottest path
    runtime: Runtime = request.app.state.runtime
    # Read from the path, not declared (a LeanRoute validates nothing): any string is an id.
    content_id: str = request.path_params["contentId"]
    body = await content.release(runtime, content_id, request.cookies.get(SESSION_COOKIE))
    return JSONResponse({"content": body}, headers=content.PRIVATE)
