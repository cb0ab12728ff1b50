"""The account area's text calls on the site API (the spec names none; README documents
these): GET/POST/DELETE /wp-json/nyp-membership/v1/text-alerts and POST .../app-text.
Signed-in readers with the page's nonce; every call that sends a text is rate limited."""

from __future__ import annotations

from fastapi import APIRouter

from masthead.deps import DbDep, Runtime, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import AddressDep, Reader, ReaderDep
from masthead.nonces import NonceDep
from masthead.ratelimit import enforce
from masthead.texts import service
from masthead.texts.schemas import AppTextIn, AppTextOut, TextAlertsIn, TextAlertsOut

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])

REFUSALS: dict[int | str, dict[str, object]] = {401: {}, 403: {}, 429: {}}
# MASTHEAD_SMS_BACKEND=disabled: nothing can be texted, so nothing that texts is taken.
UNAVAILABLE: dict[int | str, dict[str, object]] = {503: {}}


@router.get(
    "/text-alerts",
    response_model=TextAlertsOut,
    responses={401: {}, 403: {}},
    summary="The signed-in reader's text alerts",
    description="Whether alerts are on, the number they go to (the reader's own, in full), "
    "when consent was given, the consent wording to show, and whether this reader may turn "
    "them on (`eligible`: members and home delivery readers; `gate_message` says why not).",
)
def read_text_alerts(
    _nonce: NonceDep, db: DbDep, rt: RuntimeDep, reader: ReaderDep
) -> TextAlertsOut:
    return service.state(db, rt, reader)


@router.post(
    "/text-alerts",
    response_model=TextAlertsOut,
    responses={400: {}, **REFUSALS, **UNAVAILABLE},
    summary="Turn text alerts on",
    description="JSON `{phone_number, consent: true, source}`. The number must be a mobile "
    "number in international format (400 `invalid-phone-number` with what to enter); it is "
    "stored in E.164. The consent wording (`consent_text` of the GET) is stored word for word "
    "with the time. A confirmation text ending 'Reply STOP to opt out.' is queued with the "
    "change. The same number again changes and sends nothing. Members and home delivery "
    "readers only (403 `not-entitled`). Limited per reader and per address, and opt-ins "
    "to one number per day (429).",
)
def opt_in(
    _nonce: NonceDep,
    db: DbDep,
    rt: RuntimeDep,
    reader: ReaderDep,
    address: AddressDep,
    body: TextAlertsIn,
) -> TextAlertsOut:
    _limit(rt, address, reader)
    try:
        return service.opt_in(db, rt, reader, body.phone_number, body.source)
    except service.TextAlertError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


@router.delete(
    "/text-alerts",
    response_model=TextAlertsOut,
    responses=REFUSALS,
    summary="Turn text alerts off",
    description="Ends the consent (kept, with when it was withdrawn) and queues one text "
    "saying so. Already off: nothing changes or is sent. Open to every signed-in reader, "
    "members or not. Limited per reader and per address (429).",
)
def opt_out(
    _nonce: NonceDep, db: DbDep, rt: RuntimeDep, reader: ReaderDep, address: AddressDep
) -> TextAlertsOut:
    _limit(rt, address, reader)
    return service.opt_out(db, rt, reader)


@router.post(
    "/app-text",
    response_model=AppTextOut,
    responses={400: {}, **REFUSALS, **UNAVAILABLE},
    summary="Text me a link to the app",
    description="JSON `{phone_number}` (a mobile number in international format; 400 "
    "`invalid-phone-number`). Queues one text with the app's link (MASTHEAD_APP_LINK); no "
    "consent is stored, as nothing but the one asked-for text is sent. Strictly limited per "
    "reader, per client address and per number (429 `too-many-requests`).",
)
def app_text(
    _nonce: NonceDep,
    db: DbDep,
    rt: RuntimeDep,
    reader: ReaderDep,
    address: AddressDep,
    body: AppTextIn,
) -> AppTextOut:
    try:
        return service.app_text(db, rt, reader, address, body.phone_number)
    except service.TextAlertError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


def _limit(rt: Runtime, address: str, reader: Reader) -> None:
    """Each change sends a text, which costs money and lands on a phone: not freely repeated."""
    settings, window = rt.settings, rt.settings.rate_limit_window_seconds
    enforce(
        rt.rate_limiter, f"text-alerts:ip:{address}", settings.text_alert_writes_per_address, window
    )
    enforce(
        rt.rate_limiter,
        f"text-alerts:acct:{reader.user_id}",
        settings.text_alert_writes_per_reader,
        window,
    )
