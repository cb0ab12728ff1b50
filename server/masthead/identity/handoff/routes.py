"""HTTP of the hand-off: mint a code (POST /blaize/handoff), redeem it on the target host
(POST /blaize/handoff/redeem, the /account/handoff screen's call), and the sign-in on every
brand (GET /blaize/handoff/brands, then a GET .../hop on each other brand's site)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import RedirectResponse

from masthead.deps import DbDep, Runtime, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import Reader
from masthead.identity.auth import AddressDep, ReaderDep, optional_reader
from masthead.identity.cookies import set_session_cookies
from masthead.identity.handoff import schemas, service, targets
from masthead.ratelimit import enforce

router = APIRouter(prefix="/blaize/handoff", tags=["identity"])

OptionalReader = Annotated[Reader | None, Depends(optional_reader)]
BAD_RETURN = "The return address must be a page of one of our sites."
BAD_NEXT = "The next address must be one of our sites' pages."


def _limit(rt: Runtime, what: str, key: str, limit: int) -> None:
    enforce(rt.rate_limiter, f"handoff-{what}:{key}", limit, rt.settings.rate_limit_window_seconds)


def _limit_mint(rt: Runtime, address: str, user_id: int) -> None:
    _limit(rt, "mint", f"ip:{address}", rt.settings.handoffs_per_address)
    _limit(rt, "mint", f"acct:{user_id}", rt.settings.handoffs_per_reader)


def _host(request: Request) -> str:
    return (request.url.hostname or "").lower()


def _sign_in(response: Response, rt: Runtime, redeemed: service.Redeemed) -> None:
    if redeemed.issued is not None:
        issued = redeemed.issued
        max_age = rt.settings.session_days * 86400
        set_session_cookies(response, rt.settings, issued.token, issued.user.tracking_id, max_age)


@router.post(
    "",
    response_model=schemas.HandoffOut,
    responses={400: {}, 401: {}, 429: {}},
    summary="A one-time code handing the signed-in reader to a brand's site or from the app",
    description="Signed in (the session cookie; the app sends the `cookie` of POST "
    "/blaize/login as its Cookie header). Answers the code and the URL to open: the target "
    "site's /account/handoff page, which redeems it. The code is good once, for "
    "MASTHEAD_HANDOFF_CODE_SECONDS (60 s), on that site only, from this client address only. "
    "Rate limited per reader and per client address (429).",
)
def mint(
    body: schemas.HandoffRequest,
    request: Request,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.HandoffOut:
    _limit_mint(rt, address, reader.user_id)
    brand = body.brand or targets.brand_of_host(rt.settings, _host(request)) or "main"
    try:
        minted = service.mint(db, rt, reader, brand, body.redirect, app=body.app, address=address)
    except service.HandoffError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None
    return schemas.HandoffOut(code=minted.code, url=minted.url)


@router.post(
    "/redeem",
    response_model=schemas.RedeemOut,
    responses={400: {}, 409: {}, 410: {}, 429: {}},
    summary="Sign in on this site with a hand-off code",
    description="No session needed. A valid code starts a new session here (the session "
    "cookies, as login sets them) and answers where to land. 400 `handoff-invalid` (unknown "
    "code), `handoff-other-host` (a code for another site) or `handoff-other-network` (a code "
    "minted from another client address: a link someone else made); 410 `handoff-expired` "
    "(used or expired); 409 `signed-in-as-someone-else` when this browser is signed in here with "
    "another account (a code never switches accounts). Rate limited per address (429).",
)
def redeem(
    body: schemas.RedeemRequest,
    request: Request,
    response: Response,
    current: OptionalReader,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.RedeemOut:
    _limit(rt, "redeem", f"ip:{address}", rt.settings.handoffs_per_address)
    agent = request.headers.get("user-agent", "")
    try:
        redeemed = service.redeem(db, rt, body.code, _host(request), current, agent, address)
    except service.HandoffError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None
    _sign_in(response, rt, redeemed)
    return schemas.RedeemOut(redirect=redeemed.redirect, mobile_app=redeemed.mobile_app)


@router.get(
    "/brands",
    status_code=303,
    response_class=RedirectResponse,
    responses={303: {"description": "On to the first hop, or to `return`."}, 400: {}},
    summary="After a sign-in: sign the reader in on every other brand's site, then return",
    description="A top-level navigation the account area makes after a sign-in when this "
    "host is one brand's site of several. Mints a code per other brand and redirects through "
    "each one's /blaize/handoff/hop, ending at `return` (a path here, or a page on an allowed "
    "host; 400 otherwise). Signed out, over the limit or with one brand: straight to `return`.",
)
def brands(
    request: Request,
    reader: OptionalReader,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
    return_to: Annotated[str, Query(alias="return", min_length=1, max_length=2000)],
) -> RedirectResponse:
    own_origin = f"{request.url.scheme}://{request.url.netloc}"
    path = targets.landing_path(return_to)
    back_to = own_origin + path if path else targets.final_return(rt.settings, return_to)
    if back_to is None:
        raise ApiError(400, "bad-request", BAD_RETURN)
    if reader is not None:
        try:
            _limit_mint(rt, address, reader.user_id)
        except ApiError:  # the sign-in here stands; only the other sites wait
            return RedirectResponse(back_to, 303)
    onward = service.chain(db, rt, reader, _host(request), back_to, address)
    return RedirectResponse(onward, 303, headers={"Referrer-Policy": "no-referrer"})


@router.get(
    "/hop",
    status_code=303,
    response_class=RedirectResponse,
    responses={303: {"description": "On to `next`, signed in here if the code held."}, 400: {}},
    summary="One hop of the sign-in on every brand: redeem the code here, go on to next",
    description="`next` must be another hop on one of the brands' sites or a page on an "
    "allowed host (400 otherwise: never an open redirect). A code that does not hold (spent, "
    "expired, for another site, this browser signed in here as someone else, over the "
    "limit, minted from another client address) signs nobody in; the chain goes on.",
)
def hop(
    request: Request,
    current: OptionalReader,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
    code: Annotated[str, Query(min_length=1, max_length=128)],
    next_url: Annotated[str, Query(alias="next", min_length=1, max_length=8000)],
) -> RedirectResponse:
    onward = targets.accepted_next(rt.settings, next_url)
    if onward is None:
        raise ApiError(400, "bad-request", BAD_NEXT)
    # The code is in this address: the next page is not told it (spent or not).
    response = RedirectResponse(onward, 303, headers={"Referrer-Policy": "no-referrer"})
    try:
        _limit(rt, "redeem", f"ip:{address}", rt.settings.handoffs_per_address)
        agent = request.headers.get("user-agent", "")
        redeemed = service.redeem(db, rt, code, _host(request), current, agent, address)
    except (service.HandoffError, ApiError):
        return response
    _sign_in(response, rt, redeemed)
    return response
