"""HTTP for the identity service: parse, call the service, map its errors to the contract."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response
from fastapi.responses import RedirectResponse
from pydantic import BaseModel

from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.human_verification.api import require_human_proof
from masthead.identity import credentials, email_change, schemas, service
from masthead.identity.auth import AddressDep, ReaderDep
from masthead.identity.cookies import (
    SESSION_COOKIE,
    clear_session_cookies,
    contract_cookie,
    set_session_cookies,
)
from masthead.identity.service import IdentityError, IssuedSession

router = APIRouter(prefix="/blaize", tags=["identity"])

# Status of each spec error type (section 8); one table, so every endpoint agrees.
STATUS = {
    "bad-request": 400,
    "profane-text": 400,  # a display name or bio the profanity check refuses
    "password-not-strong": 400,
    "invalid-password": 401,
    "email-not-verified": 401,
    "bad-credentials": 403,
    "user-not-found": 404,
    "invalid-state": 404,
    "user-already-exists": 409,
    "link-expired": 410,
    "too-many-wrong-passwords": 410,  # the email-change link burnt by wrong passwords
}


def _fail(exc: IdentityError) -> ApiError:
    return ApiError(STATUS[exc.type], exc.type, exc.message, **exc.extra)


# The attempt limits, shared with the staff console's password step (credentials.py).
_limit = credentials.limit_attempts
_limit_account = credentials.limit_account_attempts


def _signed_in(
    rt: RuntimeDep, issued: IssuedSession, message: str, response: Response
) -> schemas.AuthResponse:
    """The answer of a sign-in; its session cookies go on `response` (FastAPI's, merged)."""
    max_age = rt.settings.session_days * 86400
    set_session_cookies(response, rt.settings, issued.token, issued.user.tracking_id, max_age)
    return schemas.AuthResponse(
        cookie=contract_cookie(issued.token, issued.expires_at),
        message=message,
        tracking_id=issued.user.tracking_id,
    )


@router.post(
    "/register",
    response_model=schemas.AuthResponse,
    responses={400: {}, 403: {}, 409: {}, 429: {}},
    summary="Create an account and sign in (400 password-not-strong, 409 user-already-exists)",
    description="While human verification is on (GET /wp-json/nyp-membership/v1/"
    "recaptcha-disable), a password registration needs a passed check first (POST "
    "/wp-json/nyp-membership/v1/recaptcha): 403 `human-verification-required` without one.",
)
def register(
    body: schemas.RegisterRequest,
    request: Request,
    response: Response,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.AuthResponse:
    _limit(rt, "register", address)
    if not body.validators.token_exchange:  # a provider vouched for an SSO registration
        require_human_proof(request)  # 403 human-verification-required while it is on
    try:
        user, issued = service.register(
            db,
            rt,
            body.identifiers.email_address,
            body.validators.password,
            body.validators.token_exchange,
            body.attributes,
            request.headers.get("user-agent", ""),
        )
    except IdentityError as exc:
        raise _fail(exc) from None
    if issued is None:  # verification required: no session until the link is followed
        return schemas.AuthResponse(
            cookie="", message="Please verify your email address", tracking_id=user.tracking_id
        )
    return _signed_in(rt, issued, "Registration successful", response)


@router.post(
    "/login",
    response_model=schemas.AuthResponse,
    responses={401: {}, 404: {}, 429: {}},
    summary="Sign in (404 user-not-found, 401 invalid-password or email-not-verified)",
)
def login(
    body: schemas.LoginRequest,
    request: Request,
    response: Response,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.AuthResponse:
    _limit(rt, "login", address, body.identifiers.email_address)
    try:
        issued = service.login(
            db,
            rt,
            body.identifiers.email_address,
            body.validators.password,
            request.headers.get("user-agent", ""),
        )
    except IdentityError as exc:
        raise _fail(exc) from None
    return _signed_in(rt, issued, "Login successful", response)


@router.post("/logout", response_model=schemas.MessageResponse)
def logout(
    request: Request, response: Response, db: DbDep, rt: RuntimeDep
) -> schemas.MessageResponse:
    service.logout(db, rt, request.cookies.get(SESSION_COOKIE))
    clear_session_cookies(response, rt.settings)
    return schemas.MessageResponse(message="Session deleted")


@router.post(
    "/profile",
    response_model=schemas.Profile,
    responses={400: {}, 401: {}},
    summary="Write profile attributes (flat, hyphenated keys, optional updated-values list)",
    description="Reader-writable keys only; keys kept by Masthead's services (social "
    "sign-in flags, referral-code, current-plan, paused, paused-length, had-trial, the "
    "payment-method logs) are refused with 400 because billing sets them on the server. "
    "`display-name` and `bio` go through the profanity check (as POST "
    "/wp-json/nyp-membership/v1/profanity-check): one it refuses is 400 `profane-text`, whose "
    "`field` names the key and whose message quotes the word to change; nothing is kept.",
)
def post_profile(
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    body: Annotated[
        schemas.ProfileUpdate,
        Body(examples=[{"first-name": "Ada", "updated-values": ["first-name"]}]),
    ],
) -> BaseModel:
    sent = body.model_dump(by_alias=True, exclude_unset=True)
    try:
        return service.update_profile(db, rt, reader, sent)
    except IdentityError as exc:
        raise _fail(exc) from None


@router.post(
    "/users/reset",
    status_code=201,
    response_model=schemas.MessageResponse,
    responses={404: {}, 429: {}},
)
def request_reset(
    body: schemas.ResetRequest, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.MessageResponse:
    _limit(rt, "reset", address, body.identifiers.email_address)
    try:
        service.request_reset(db, rt, body.identifiers.email_address)
    except IdentityError as exc:
        raise _fail(exc) from None
    return schemas.MessageResponse(message="Password reset email sent")


@router.post(
    "/users/reset/{state}",
    response_model=schemas.MessageResponse,
    responses={400: {}, 404: {}},
    summary="Set a new password with a reset link (400 password-not-strong, 404 invalid-state)",
)
def reset_password(
    state: str, body: schemas.PasswordRequest, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.MessageResponse:
    _limit(rt, "reset", address)
    try:
        service.reset_password(db, rt, state, body.validators.password)
    except IdentityError as exc:
        if exc.type == "link-expired":  # the contract knows one answer for a dead link
            exc = IdentityError("invalid-state", exc.message)
        raise _fail(exc) from None
    return schemas.MessageResponse(message="Password updated")


@router.post(
    "/users/update-email/",
    response_model=schemas.MessageResponse,
    responses={400: {}, 401: {}, 409: {}, 429: {}},
    summary="Mail a verification link to a new email address",
)
def request_email_change(
    body: schemas.UpdateEmailRequest,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.MessageResponse:
    # Each link mails a stranger's address and is one more password check to guess on.
    _limit(rt, "email-change-request", address, str(reader.user_id))
    try:
        email_change.request_email_change(db, rt, reader, body.new_identifiers.email_address)
    except IdentityError as exc:
        raise _fail(exc) from None
    return schemas.MessageResponse(message="Verification email sent")


@router.post(
    "/users/update-email/{token}",
    response_model=schemas.EmailChangedResponse,
    responses={401: {}, 404: {}, 409: {}, 410: {}, 429: {}},
    summary="The email-change link: confirm with the password",
    description="410 link-expired for a used or expired link; 410 too-many-wrong-passwords "
    f"once {email_change.EMAIL_CHANGE_WRONG_PASSWORDS} wrong passwords have burnt the link "
    "(a new link must be asked for).",
)
def confirm_email_change(
    token: str, body: schemas.PasswordRequest, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.EmailChangedResponse:
    # A password check: limited per address, and per account whichever address guesses.
    _limit(rt, "email-change-confirm", address)
    account = email_change.email_change_account(db, token)
    if account is not None:
        _limit_account(rt, "email-change-confirm", str(account))
    try:
        user = email_change.confirm_email_change(db, rt, token, body.validators.password)
    except IdentityError as exc:
        raise _fail(exc) from None
    return schemas.EmailChangedResponse(
        message="Email address changed", identifiers=schemas.Identifiers(email_address=user.email)
    )


@router.get("/users/verify-email/{token}", include_in_schema=False)
def verify_email(token: str, db: DbDep, rt: RuntimeDep) -> RedirectResponse:
    try:
        service.verify_email(db, rt, token)
    except IdentityError:
        return RedirectResponse("/account/login?verified=expired", 303)
    return RedirectResponse("/account/login?verified=1", 303)


@router.post(
    "/users/change-password/",
    response_model=schemas.MessageResponse,
    responses={400: {}, 401: {}, 403: {}, 404: {}, 429: {}},
    summary="Change the password (400 password-not-strong, 403 bad-credentials)",
)
def change_password(
    body: schemas.ChangePasswordRequest,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.MessageResponse:
    _limit(rt, "change-password", address, str(reader.user_id))
    try:
        service.change_password(
            db, rt, reader, body.current_validators.password, body.new_validators.password
        )
    except IdentityError as exc:
        raise _fail(exc) from None
    return schemas.MessageResponse(message="Password changed")
