"""The comments' single sign-on and logout (spec section 7): HTTP only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from masthead.client_address import AddressDep
from masthead.comments.signon import cookies, schemas, service
from masthead.cookie_names import COMMENTS_COOKIE, COMMENTS_SSO_COOKIE
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import Reader, optional_reader
from masthead.no_store import NO_STORE_ANSWER
from masthead.ratelimit import enforce

router = APIRouter(tags=["comments"], dependencies=[NO_STORE_ANSWER])

SIGN_ON_WINDOW_SECONDS = 600


def _limit_sign_ons(rt: RuntimeDep, address: AddressDep) -> None:
    """A dependency, so that every attempt counts, refused ones too."""
    limit = rt.settings.comment_sign_ons_per_address
    enforce(rt.rate_limiter, f"comments-sso:ip:{address}", limit, SIGN_ON_WINDOW_SECONDS)


LIMITED = [Depends(_limit_sign_ons)]


@router.post(
    "/comments/v1/sso/start",
    response_model=schemas.SsoStartOut,
    responses={429: {}},
    dependencies=LIMITED,
    summary="Start signing in to the comments: a code_a for the page to exchange",
    description="No body. Answers a one-time `code_a` and sets the HttpOnly `mh_comments_sso` "
    "cookie (Path=/comments/v1/sso, 10 minutes) that binds it to this browser. The page "
    "exchanges code_a at POST /plugins/public/openweb-v2/sso within 5 minutes. 429 "
    "`too-many-requests` beyond the per-address limit (MASTHEAD_COMMENT_SIGN_ONS_PER_ADDRESS "
    "per 10 minutes).",
)
def sso_start(
    request: Request, response: Response, db: DbDep, rt: RuntimeDep
) -> schemas.SsoStartOut:
    started = service.start(db, rt, request.cookies.get(COMMENTS_SSO_COOKIE))
    life = int(service.BINDING_LIFE.total_seconds())
    cookies.set_binding(response, rt.settings, started.binding, life)
    return schemas.SsoStartOut(code_a=started.code_a)


@router.post(
    "/plugins/public/openweb-v2/sso",
    response_model=schemas.SsoOut,
    responses={400: {}, 401: {}, 429: {}},
    dependencies=LIMITED,
    summary="The page's single sign-on step: exchange the client's code_a for codeB",
    description='JSON `{"code_a", "user_name"}`, sent by the page with the reader\'s '
    "Masthead session cookie. Answers `codeB`, bound to the signed-in reader and their "
    'session, for the comments client to redeem. 401 `not-signed-in` ("Log in to join the '
    'conversation.") without a live Masthead session; 400 `invalid-code` for a code_a that '
    "is unknown, older than 5 minutes or already used; 400 `bad-request` for a missing "
    "field or a user_name that is empty or over 100 characters (it is only checked: the "
    "comments identity comes from the Masthead profile). 429 `too-many-requests` beyond the "
    "per-address limit.",
)
def sso_exchange(
    body: schemas.SsoIn,
    db: DbDep,
    rt: RuntimeDep,
    reader: Annotated[Reader | None, Depends(optional_reader)],
) -> schemas.SsoOut:
    return schemas.SsoOut(codeB=service.exchange(db, rt, reader, body.code_a))


@router.post(
    "/comments/v1/sso/complete",
    response_model=schemas.SsoCompleteOut,
    responses={400: {}, 429: {}},
    dependencies=LIMITED,
    summary="Redeem codeB for a comments session",
    description='JSON `{"codeB"}` with the `mh_comments_sso` cookie of the browser that '
    "asked for the code_a. Answers the commenter (as the thread shows them), sets the "
    "HttpOnly `mh_comments` cookie (Path=/comments/v1; it ends with the Masthead session) "
    "and clears `mh_comments_sso`. 400 `invalid-code` for a codeB that is unknown, expired, "
    "already redeemed or bound to another browser, or whose Masthead session has ended. "
    "429 `too-many-requests` beyond the per-address limit.",
)
def sso_complete(
    body: schemas.SsoCompleteIn,
    request: Request,
    response: Response,
    db: DbDep,
    rt: RuntimeDep,
) -> schemas.SsoCompleteOut:
    done = service.complete(db, rt, body.codeB, request.cookies.get(COMMENTS_SSO_COOKIE))
    cookies.set_session(response, rt.settings, done.token, done.expires_at)
    cookies.clear_binding(response, rt.settings)
    return schemas.SsoCompleteOut.model_validate({"commenter": done.commenter})


@router.post(
    "/comments/v1/logout",
    response_model=schemas.SignedOutOut,
    summary="Sign out of the comments",
    description="Ends the comments session of the `mh_comments` cookie and clears it. "
    "Idempotent: without a session it answers the same. (Logging out of Masthead ends the "
    "comments session too.)",
)
def comments_logout(
    request: Request, response: Response, db: DbDep, rt: RuntimeDep
) -> schemas.SignedOutOut:
    service.logout(db, rt, request.cookies.get(COMMENTS_COOKIE))
    cookies.clear_session(response, rt.settings)
    return schemas.SignedOutOut(message=service.SIGNED_OUT)
