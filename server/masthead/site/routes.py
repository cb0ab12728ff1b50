"""Site API routes (`/wp-json/nyp-membership/v1/*`): HTTP only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse

from masthead.deps import DbDep, Runtime, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.auth import ReaderDep
from masthead.identity.cookies import SESSION_COOKIE
from masthead.site import content, schemas, service
from masthead.site.nonces import require_rest_nonce

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])

NO_STORE = {"Cache-Control": "no-store"}


@router.get(
    "/saasquatch_jwt",
    response_model=schemas.ReferralJwtResponse,
    responses={401: {}, 503: {}},
    summary="The signed-in reader's referral JWT",
    description="For the account area's Refer a friend and My rewards pages. Needs the "
    "session cookie (401 `unauthorized` otherwise). The user is the reader: `id` and "
    "`accountId` are both the reader's tracking id, with their email and names. The JWT is "
    "HS256, signed with the key of the tenant `MASTHEAD_REFERRAL_TENANT`, and expires after "
    "`MASTHEAD_REFERRAL_JWT_MINUTES` (default 60). `Cache-Control: no-store`. 503 "
    "`referrals-unavailable` when that tenant does not exist. The spec's site-API nonce is "
    "not checked yet: the session cookie is the credential, and a GET changes nothing.",
)
def saasquatch_jwt(reader: ReaderDep, db: DbDep, rt: RuntimeDep) -> Response:
    return JSONResponse(service.referral_jwt(db, rt, reader), headers=NO_STORE)


# The two calls below run on every article view: `async def` with plain reads of app state
# and the pinned connection (see site/content.py), so no request waits for a thread.


async def private_nonce(request: Request) -> None:
    """The site API nonce (nonces.require_rest_nonce); its refusal is private too."""
    try:
        await require_rest_nonce(request)
    except ApiError as exc:
        exc.headers = {**exc.headers, **content.PRIVATE}
        raise


NonceDep = Annotated[None, Depends(private_nonce)]


@router.get(
    "/content/{contentId}",
    response_model=schemas.ContentOut,
    responses={401: {}, 403: {}, 404: {}},
    summary="The full body of a story, for the page's paywall to append",
    description="Needs the site API nonce (`X-WP-Nonce`, or `_ajax_nonce` in the query): "
    "403 `bad-nonce` without a valid one. 404 `content-not-found` for an unknown content "
    "id. A free story's body is answered to anyone. A members-only story's body only to a "
    "session whose reader is entitled, decided on the server from their subscriptions and "
    "products (a member-like status, or home delivery): 401 `unauthorized` without a "
    "session, 403 `not-entitled` otherwise, and never any part of the body. No cookie the "
    "browser can write (the `vip-go-seg` segment among them) is read. `content` is the "
    "story's HTML after the teaser the page already shows. `Cache-Control: private, "
    "no-store` on every answer.",
)
async def story_content(contentId: str, request: Request, _nonce: NonceDep) -> Response:
    runtime: Runtime = request.app.state.runtime
    body = content.release(runtime, contentId, request.cookies.get(SESSION_COOKIE))
    return JSONResponse({"content": body}, headers=content.PRIVATE)


@router.get(
    "/entitlement",
    response_model=schemas.EntitlementOut,
    responses={403: {}},
    summary="Whether this session is signed in and may read members-only stories",
    description="For the page's islands (login item, calls to action, membership menu): "
    "the same server decision as the content call, without a story. Needs the site API "
    "nonce (403 `bad-nonce`). Anonymous sessions answer `loggedIn: false, entitled: "
    "false`. `Cache-Control: private, no-store`.",
)
async def entitlement(request: Request, _nonce: NonceDep) -> Response:
    runtime: Runtime = request.app.state.runtime
    answer = content.access_of(runtime, request.cookies.get(SESSION_COOKIE))
    return JSONResponse(answer, headers=content.PRIVATE)
