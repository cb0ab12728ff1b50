"""The console's sign-in (/admin/api/session*): HTTP only. The password step sets the pending
cookie; the code or enrolment step swaps it for the staff session's cookie."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.no_store import no_store
from masthead.staff import schemas, service, signin
from masthead.staff.auth import StaffDep
from masthead.staff.cookies import (
    PENDING_COOKIE,
    STAFF_COOKIE,
    clear_pending_cookie,
    clear_staff_cookie,
    set_pending_cookie,
    set_staff_cookie,
)

router = APIRouter(prefix="/session")  # under routes.py's /admin/api, which tags it "staff"
CODE_STEP_ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 403: {}, 409: {}, 429: {}}


def _user_agent(request: Request) -> str:
    return request.headers.get("user-agent", "")


def _signed_in(rt: RuntimeDep, opened: signin.Opened, response: Response) -> None:
    max_age = int(service.SESSION_LIFE.total_seconds())
    set_staff_cookie(response, rt.settings, opened.token, max_age)
    clear_pending_cookie(response, rt.settings)
    no_store(response)


@router.post(
    "",
    response_model=schemas.SignInOut,
    responses={400: {}, 401: {}, 403: {}, 429: {}},
    summary="Staff sign-in, step 1: email and password",
    description="A right password of an account with a staff role starts a pending sign-in "
    "(the `masthead_staff_pending` cookie, 10 minutes) and says the next step. 401 "
    "`invalid-credentials`; 403 `forbidden` for an account without a staff role (said only "
    "once the password is right); 429 beyond the reader login's rate limits, which it shares.",
)
def start_sign_in(
    body: schemas.SignInIn,
    request: Request,
    response: Response,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.SignInOut:
    token, answer = signin.start(db, rt, body.email, body.password, address, _user_agent(request))
    set_pending_cookie(response, rt.settings, token, int(signin.PENDING_LIFE.total_seconds()))
    return answer


@router.get(
    "/enrolment",
    response_model=schemas.EnrolmentOut,
    responses={401: {}, 409: {}},
    summary="Staff sign-in, first time: the authenticator app's secret and QR code",
    description="The same secret until enrolment completes. 401 `sign-in-expired` without a "
    "live pending sign-in; 409 `already-enrolled`.",
)
def enrolment(
    request: Request, response: Response, db: DbDep, rt: RuntimeDep
) -> schemas.EnrolmentOut:
    no_store(response)  # a secret
    return signin.enrolment(db, rt, request.cookies.get(PENDING_COOKIE))


@router.post(
    "/enrolment",
    response_model=schemas.RecoveryCodesOut,
    responses=CODE_STEP_ERRORS,
    summary="Staff sign-in, first time: the first code from the app completes enrolment",
    description="Answers the ten recovery codes (shown this once) and sets the staff session "
    "cookie. 400 `invalid-code`; 401 `sign-in-expired` (also after the fifth wrong code); 409 "
    "`already-enrolled`; 429 beyond the code attempts per address or account.",
)
def enrol(
    body: schemas.CodeIn,
    request: Request,
    response: Response,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.RecoveryCodesOut:
    token = request.cookies.get(PENDING_COOKIE)
    opened, codes = signin.enrol(db, rt, token, body.code, address, _user_agent(request))
    _signed_in(rt, opened, response)
    return schemas.RecoveryCodesOut(recovery_codes=codes)


@router.post(
    "/code",
    response_model=schemas.SignedInOut,
    responses=CODE_STEP_ERRORS,
    summary="Staff sign-in, step 2: a code from the app or a recovery code",
    description="Each code is accepted once; a recovery code is used up. Sets the staff "
    "session cookie. 400 `invalid-code`; 401 `sign-in-expired` (also after the fifth wrong "
    "code); 409 `not-enrolled`; 429 beyond the code attempts per address or account.",
)
def enter_code(
    body: schemas.CodeIn,
    request: Request,
    response: Response,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.SignedInOut:
    token = request.cookies.get(PENDING_COOKIE)
    opened = signin.sign_in(db, rt, token, body.code, address, _user_agent(request))
    _signed_in(rt, opened, response)
    return schemas.SignedInOut(me=service.me(opened.staff))


@router.post(
    "/confirm",
    response_model=schemas.ConfirmOut,
    responses=CODE_STEP_ERRORS,
    summary="Step-up: a code lets sensitive actions through for 5 minutes",
    description="Sensitive actions (role changes) answer 403 `reauthentication-required` "
    "until a code has been entered here (or at sign-in) in the last 5 minutes. 400 "
    "`invalid-code`; 401 without a staff session.",
)
def confirm(
    body: schemas.CodeIn, staff: StaffDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ConfirmOut:
    session = signin.confirm(db, rt, staff, body.code, address)
    assert session.reauthenticated_until is not None
    return schemas.ConfirmOut(reauthenticated_until=session.reauthenticated_until)


@router.delete(
    "",
    status_code=204,
    response_class=Response,
    responses={403: {}},
    summary="Staff sign-out: ends the staff session (none live: nothing to do)",
)
def sign_out(
    request: Request, response: Response, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> None:
    signin.sign_out(db, rt, request.cookies.get(STAFF_COOKIE), address)
    clear_staff_cookie(response, rt.settings)
    clear_pending_cookie(response, rt.settings)
