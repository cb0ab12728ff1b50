"""HTTP for the reader's data: 'Download my data' and 'Delete my account' (parse, limit, call
the service, map its refusals). Both ride on the reader's session cookie; the delete is a
state change, so the origin check (masthead/origin.py) guards it as every /blaize/users/*
write."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from masthead.billing.api import PaymentGateway, gateway_of
from masthead.cookie_names import SESSION_COOKIE, TRACKING_COOKIE
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import AddressDep, ReaderDep
from masthead.no_store import NO_STORE
from masthead.ratelimit import enforce
from masthead.reader_data import schemas, service
from masthead.reader_data.service import ReaderDataError

router = APIRouter(prefix="/blaize/users", tags=["identity"])

DELETED = "Your account has been deleted."


async def _gateway(rt: RuntimeDep) -> PaymentGateway:
    return gateway_of(rt)


GatewayDep = Annotated[PaymentGateway, Depends(_gateway)]


def _fail(exc: ReaderDataError) -> ApiError:
    return ApiError(exc.status, exc.type, exc.message)


@router.get(
    "/data",
    response_model=schemas.ReaderData,
    responses={
        200: {
            "description": "The reader's data, as a file to save: `Content-Disposition: "
            'attachment; filename="masthead-data-<YYYY-MM-DD>.json"`, `Cache-Control: no-store`.'
        },
        401: {},
        429: {},
    },
    summary="Download my data: everything Masthead holds about the signed-in reader",
    description="Account, profile, sessions (when, until when and on what: never a token), "
    "membership, subscriptions and their payments, payment methods as the reader's screen "
    "describes them (brand, last 4, expiry), comments and votes, referrals and rewards. No "
    "secret is ever in it: no password hash, no session or gateway token. A mail tells the "
    "reader of each download. Limited per reader (`MASTHEAD_DATA_EXPORTS_PER_READER` per "
    "`MASTHEAD_DATA_EXPORT_WINDOW_SECONDS`): 429 beyond.",
)
def download_data(
    request: Request, reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep
) -> Response:
    settings = rt.settings
    enforce(
        rt.rate_limiter,
        f"data-export:acct:{reader.user_id}",
        settings.data_exports_per_reader,
        settings.data_export_window_seconds,
    )
    try:
        file = service.download(db, rt, gw, reader, request.headers.get("user-agent", ""))
    except ReaderDataError as exc:
        raise _fail(exc) from None
    return Response(
        file.body,
        media_type="application/json",
        headers={
            **NO_STORE,
            "Content-Disposition": f'attachment; filename="{file.filename}"',
        },
    )


@router.get(
    "/delete/",
    response_model=schemas.DeleteOptions,
    responses={401: {}},
    summary="How the signed-in reader can confirm deleting the account",
    description="Whether the account has a password, and the providers linked to it: each "
    "is a way to confirm POST /blaize/users/delete/.",
)
def delete_options(reader: ReaderDep, db: DbDep) -> schemas.DeleteOptions:
    try:
        return service.options(db, reader)
    except ReaderDataError as exc:
        raise _fail(exc) from None


@router.post(
    "/delete/",
    response_model=schemas.DeletedResponse,
    responses={400: {}, 401: {}, 429: {}, 503: {}},
    summary="Delete my account, confirmed with the password or the provider",
    description="Cancels a live membership at the end of its paid period (no refund, no "
    "further charge), removes the saved payment methods, the profile, every session and the "
    'referral details, and the account itself: its comments stay as "Former reader", its '
    "payments are kept without name or email, and the email address can register again. A "
    "mail to the address confirms it; the answer signs the browser out.\n\n"
    "`validators` holds exactly one of `password` and `provider` (400 `bad-request` for "
    "both or neither). `provider` (google, facebook or apple) stands for a confirmation this "
    "session made with that provider, linked to the account, in the last 5 minutes "
    "(GET /blaize/oauth/{provider}?purpose=confirm); it is spent by this request, whatever "
    "comes of it. 400 `bad-credentials` (wrong password), `password-not-set` (an account "
    "without a password: it confirms with its provider, or sets a password with a reset "
    "link first) or `confirmation-required` (no such confirmation: expired, spent, made in "
    "another browser or never made); attempts are limited as login's are (429); 503 "
    "`payment-unavailable` when the payment service does not answer (the account is not "
    "deleted; a membership already cancelled stays cancelled, and a retry goes on).",
)
def delete_account(
    body: schemas.DeleteRequest,
    reader: ReaderDep,
    response: Response,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
    address: AddressDep,
) -> schemas.DeletedResponse:
    settings = rt.settings
    window = settings.rate_limit_window_seconds
    enforce(
        rt.rate_limiter, f"delete-account:ip:{address}", settings.rate_limit_per_address, window
    )
    enforce(
        rt.rate_limiter,
        f"delete-account:acct:{reader.user_id}",
        settings.rate_limit_per_account,
        window,
    )
    try:
        service.delete_account(db, rt, gw, reader, body, address)
    except ReaderDataError as exc:
        raise _fail(exc) from None
    for name in (SESSION_COOKIE, TRACKING_COOKIE):
        response.delete_cookie(
            name, path="/", samesite="lax", secure=settings.secure_cookies, httponly=True
        )
    response.headers.update(NO_STORE)
    return schemas.DeletedResponse(message=DELETED)
