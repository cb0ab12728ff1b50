"""HTTP routes of social sign-in: the popup's start, the development provider's page, the
providers' callbacks (GET, and POST for Apple's form_post), the offered providers, and the
provider's name parts (GET/PUT /blaize/profile/{provider})."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Form, Query, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse

from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.auth import AddressDep, ReaderDep, optional_reader
from masthead.identity.cookies import set_session_cookies
from masthead.identity.service import IdentityError
from masthead.identity.social import (
    confirmation,
    pages,
    provider_profile,
    providers,
    schemas,
    service,
)
from masthead.identity.social.providers import ProviderName, SocialError
from masthead.ratelimit import enforce
from masthead.settings import Settings

router = APIRouter(prefix="/blaize", tags=["identity"])

# Binds an attempt to the browser that started it. SameSite=None (with Secure, over https)
# so that it survives Apple's cross-site form_post; over plain http browsers refuse None
# without Secure, so it is Lax there: the development provider posts from this same site,
# and Apple only ever answers to https addresses.
BROWSER_COOKIE = "masthead_social"
COOKIE_PATH = "/blaize/oauth"

OpenerState = Annotated[
    str,
    Query(
        min_length=16,
        max_length=128,
        pattern=r"^[A-Za-z0-9_-]+$",
        description="A random value the opener made; the popup's message carries it back, "
        "and the opener refuses a message without it.",
    ),
]
FormText = Annotated[str, Form(max_length=4096)]
Purpose = Annotated[
    Literal["sign-in", "confirm"],
    Query(
        description="`sign-in` (the default), or `confirm`: a signed-in reader proves it is "
        "them with the provider linked to their account (before deleting it). A confirm popup "
        'signs nobody in: it posts `{action: "confirm", provider, state}` once the '
        "provider vouched for that very identity, and the confirmation is then good for 5 "
        "minutes, once, from the same session (POST /blaize/users/delete/ with "
        "`validators.provider`).",
    ),
]


def _limit(rt: RuntimeDep, address: str) -> None:
    enforce(
        rt.rate_limiter,
        f"social-sign-in:ip:{address}",
        rt.settings.social_sign_ins_per_address,
        rt.settings.rate_limit_window_seconds,
    )


def _opener_origin(request: Request, settings: Settings) -> str:
    """The origin of the page that opened the popup (a popup opens on its opener's site):
    this server's public origin, or one of its brands' hosts; never another site."""
    own = f"{request.url.scheme}://{request.url.netloc}"
    if own == settings.public_origin or (request.url.hostname or "") in settings.brand_hosts:
        return own
    return settings.public_origin


@router.get(
    "/oauth",
    response_model=schemas.SocialProviders,
    summary="The social sign-in providers offered here",
)
def offered_providers(rt: RuntimeDep) -> schemas.SocialProviders:
    return schemas.SocialProviders.model_validate({"providers": providers.offered(rt.settings)})


@router.get(
    "/oauth/{provider}",
    status_code=302,
    response_class=RedirectResponse,
    responses={
        302: {"description": "On to the provider (or the development provider's page)."},
        400: {"description": "not-linked: a confirm for a provider the account has not."},
        401: {"description": "unauthorized: a confirm needs a signed-in reader."},
        404: {"description": "provider-not-offered"},
        429: {},
        503: {"content": {"text/html": {}}, "description": "The provider cannot be reached."},
    },
    summary="Start a social sign-in in a 500x600 popup",
    description="Opened by the login and register screens in a popup. The popup ends on a "
    "page that posts `{action, cookie, tracking_id, identifier, stateKey, provider, state}` "
    "to the opener (its own origin only) and closes: `login` signed the reader in, `register` "
    "hands a `stateKey` for POST /blaize/register with `validators.token_exchange`, `error` "
    "says it failed. With `purpose=confirm` (signed in; the account linked with this "
    'provider) it posts `{action: "confirm", provider, state}` instead, and signs nobody '
    "in.",
)
def start_sign_in(
    provider: ProviderName,
    state: OpenerState,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
    reader: Annotated[service.SignedInReader | None, Depends(optional_reader)],
    purpose: Purpose = "sign-in",
) -> Response:
    _limit(rt, address)
    opener = _opener_origin(request, rt.settings)
    if providers.mode(rt.settings, provider) is None:
        raise ApiError(
            404,
            "provider-not-offered",
            f"Signing in with {providers.LABELS[provider]} is not available here.",
        )
    confirming = reader if purpose == "confirm" else None
    if purpose == "confirm" and confirming is None:
        raise ApiError(401, "unauthorized", "Please log in to continue.")
    try:
        started = service.start(
            db, rt, provider, state, opener, request.cookies.get(BROWSER_COOKIE), confirming
        )
    except confirmation.NotLinked as exc:
        raise ApiError(400, "not-linked", str(exc)) from None
    except SocialError as exc:
        failed = service.Finished(
            message={"action": "error", "message": str(exc), "state": state},
            target_origin=opener,
            failure=str(exc),
        )
        return pages.result_page(failed, status_code=503)
    response = RedirectResponse(started.url, status_code=302)
    secure = rt.settings.secure_cookies
    response.set_cookie(
        BROWSER_COOKIE,
        started.browser_token,
        max_age=rt.settings.social_attempt_minutes * 60,
        path=COOKIE_PATH,
        httponly=True,
        secure=secure,
        samesite="none" if secure else "lax",
    )
    return response


@router.get("/oauth/{provider}/development", include_in_schema=False)
def development_provider(
    provider: ProviderName,
    state: Annotated[str, Query(max_length=128)],
    db: DbDep,
    rt: RuntimeDep,
) -> HTMLResponse:
    purpose = service.development_attempt_purpose(db, rt, provider, state)
    if purpose is None:
        raise ApiError(
            404,
            "invalid-state",
            "This sign-in attempt has expired. Close this window and try again.",
        )
    confirming = purpose == confirmation.CONFIRM
    return pages.development_page(provider, state, service.callback_path(provider), confirming)


def _finish(
    provider: str, params: dict[str, str], request: Request, db: DbDep, rt: RuntimeDep
) -> HTMLResponse:
    finished = service.finish(
        db,
        rt,
        provider,
        params,
        request.cookies.get(BROWSER_COOKIE),
        request.headers.get("user-agent", ""),
        _opener_origin(request, rt.settings),
    )
    response = pages.result_page(finished)
    if finished.session is not None:
        issued = finished.session
        max_age = rt.settings.session_days * 86400
        set_session_cookies(response, rt.settings, issued.token, issued.user.tracking_id, max_age)
    return response


@router.get("/oauth/{provider}/callback", include_in_schema=False)
def provider_callback(
    provider: ProviderName, request: Request, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> HTMLResponse:
    _limit(rt, address)
    params = {key: value[:4096] for key, value in request.query_params.items()}
    return _finish(provider, params, request, db, rt)


@router.post("/oauth/{provider}/callback", include_in_schema=False)
def provider_form_post(
    provider: ProviderName,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
    state: FormText = "",
    code: FormText = "",
    error: FormText = "",
    user: FormText = "",
    sub: FormText = "",
    email: FormText = "",
    email_verified: FormText = "",
    first_name: FormText = "",
    last_name: FormText = "",
) -> HTMLResponse:
    """Apple's form_post answer, and the development provider's form."""
    _limit(rt, address)
    params = {
        "state": state,
        "code": code,
        "error": error,
        "user": user,
        "sub": sub,
        "email": email,
        "email_verified": email_verified,
        "first_name": first_name,
        "last_name": last_name,
    }
    return _finish(provider, {k: v for k, v in params.items() if v}, request, db, rt)


def _provider_of(path: str) -> str:
    return path.removeprefix("_")


def _not_linked(exc: IdentityError) -> ApiError:
    status = 404 if exc.type == "not-linked" else 400
    return ApiError(status, exc.type, exc.message)


@router.get(
    "/profile/{provider}",
    response_model=schemas.ProviderNames,
    responses={401: {}, 404: {"description": "not-linked"}},
    summary="The provider's name parts (_google, _facebook, _apple)",
)
def get_provider_profile(
    provider: schemas.ProfilePath, reader: ReaderDep, db: DbDep
) -> schemas.ProviderNames:
    try:
        names = provider_profile.provider_names(db, reader.user_id, _provider_of(provider))
    except IdentityError as exc:
        raise _not_linked(exc) from None
    return schemas.ProviderNames.model_validate(names)


@router.put(
    "/profile/{provider}",
    response_model=schemas.ProviderNames,
    responses={400: {}, 401: {}, 404: {"description": "not-linked"}, 429: {}},
    summary="Update the provider's name parts (_google, _facebook, _apple)",
)
def put_provider_profile(
    provider: schemas.ProfilePath,
    body: schemas.ProviderNamesUpdate,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.ProviderNames:
    _limit(rt, address)
    update = body.model_dump(by_alias=True, exclude_none=True)
    try:
        names = provider_profile.update_provider_names(
            db, rt, reader.user_id, _provider_of(provider), update
        )
    except IdentityError as exc:
        raise _not_linked(exc) from None
    return schemas.ProviderNames.model_validate(names)
