"""Newsletter mail's signed links (one_click/service.py holds the rules):

- POST /newsletters/unsubscribe/{token}: the List-Unsubscribe URL's one-click POST (RFC 8058).
  Mail providers send it from their servers, with no cookie and any Origin or none; the
  origin check (masthead/origin.py) only refuses cookie-riding cross-site writes, so it passes.
- GET of the same URL: a confirmation page with one button; it changes nothing, since link
  scanners and previews fetch every link of a mail.
- GET/POST /newsletters/preferences: the reader's newsletters with the preferences link's
  token instead of a session (the newsletters-update screen).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Form, Path, Query
from fastapi.responses import HTMLResponse

from masthead.deps import DbDep, Runtime, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import AddressDep
from masthead.newsletters.one_click import pages, service
from masthead.newsletters.one_click.schemas import PreferencesIn, PreferencesOut
from masthead.openapi_errors import ERROR_REF
from masthead.ratelimit import enforce

router = APIRouter(prefix="/newsletters", tags=["newsletters"])

Token = Annotated[str, Path(min_length=1, max_length=200)]
OneClickField = Annotated[Literal["One-Click"], Form(alias="List-Unsubscribe")]


HTML_ANSWER: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/html": {}}, "description": "A short page saying it is done."}
}


@router.post(
    "/unsubscribe/{token}",
    response_class=HTMLResponse,
    responses={**HTML_ANSWER, 400: {}, 404: {}, 429: {}},
    summary="One-click unsubscribe from one newsletter (RFC 8058)",
    description="The URL of a newsletter mail's `List-Unsubscribe` header, with "
    "`List-Unsubscribe-Post: List-Unsubscribe=One-Click`. Form body "
    "`List-Unsubscribe=One-Click` (optional; any other value is 400). No session, cookie or "
    "Origin needed: the token names the reader and the one list, signed by the server. Leaves "
    "that list through the same path as the newsletters call's `action=update` (the provider "
    "is told through the outbox); a repeat is 200 and changes nothing. A token that is not "
    "one of ours is 400 `invalid-link`; the account erased since, 404 `account-closed`. Rate "
    "limited per client address.",
)
def one_click(
    token: Token,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
    # RFC 8058's one value (checked by its type); absent is the same: a provider that sends
    # no body still means it.
    one_click_field: OneClickField = "One-Click",
) -> HTMLResponse:
    _limit(rt, "one-click", address, rt.settings.newsletter_one_click_per_address)
    try:
        done = service.unsubscribe(db, rt, token)
    except service.LinkError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None
    return HTMLResponse(pages.done_page(done.list_name, done.email), headers=pages.HEADERS)


@router.get(
    "/unsubscribe/{token}",
    response_class=HTMLResponse,
    responses={
        200: {"content": {"text/html": {}}, "description": "The confirmation page."},
        404: {
            # The page; JSON too, so the error rewrite (openapi_errors.py) keeps both.
            "content": {"application/json": {"schema": ERROR_REF}, "text/html": {}},
            "description": "A page saying the link does not work (not one of ours, or its "
            "account erased); a path Masthead does not serve answers JSON.",
        },
        429: {},
    },
    summary="The unsubscribe link opened in a browser: a confirmation page",
    description="Changes nothing (link scanners and previews fetch every link of a mail): "
    "a page naming the list and the masked address, with one button that sends the one-click "
    "POST. A link that does not work is a 404 page saying so. Rate limited with the POST.",
)
def confirm(token: Token, db: DbDep, rt: RuntimeDep, address: AddressDep) -> HTMLResponse:
    _limit(rt, "one-click", address, rt.settings.newsletter_one_click_per_address)
    try:
        target = service.unsubscribe_target(db, rt, token)
    except service.LinkError as exc:  # a page, not a 400: there is no such page to show
        return HTMLResponse(pages.error_page(exc.message), 404, headers=pages.HEADERS)
    return HTMLResponse(pages.confirm_page(target.list_name, target.email), headers=pages.HEADERS)


PREFERENCES_RULES = (
    "A token that is not one of ours is 400 `invalid-link`, one past its 30 days 400 "
    "`link-expired`, one whose account was erased 404 `account-closed`. Rate limited per "
    "client address (429). The token grants nothing else: no session, no profile."
)


@router.get(
    "/preferences",
    response_model=PreferencesOut,
    responses={400: {}, 404: {}, 429: {}},
    summary="Read a reader's newsletters with the signed preferences link",
    description="The newsletters call's `action=read` answer for the reader the token of a "
    'newsletter mail\'s "Manage your newsletters" link names, with their address masked '
    "(`a•••@example.com`). " + PREFERENCES_RULES,
)
def read_preferences(
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
    token: Annotated[str, Query(min_length=1, max_length=200)],
) -> PreferencesOut:
    _limit(rt, "preferences", address, rt.settings.newsletter_preferences_per_address)
    try:
        return service.preferences(db, rt, token)
    except service.LinkError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


@router.post(
    "/preferences",
    response_model=PreferencesOut,
    responses={400: {}, 403: {}, 404: {}, 429: {}},
    summary="Change a reader's newsletters with the signed preferences link",
    description="The newsletters call's `action=update` rules for the reader the token names: "
    "`subscribe` and `unsubscribe` are list ids; both empty changes nothing; an unknown or "
    "retired list is 400 `unknown-newsletter`, one id in both 400 `both-lists`, an exclusive "
    "list without the membership 403 `not-entitled`. Each change is queued for the email "
    "provider. Also limited per reader, with the newsletters call's changes. " + PREFERENCES_RULES,
)
def change_preferences(
    body: PreferencesIn, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> PreferencesOut:
    _limit(rt, "preferences", address, rt.settings.newsletter_preferences_per_address)
    user_id = service.preferences_user(rt, body.token)
    if user_id is not None:  # the same count as the newsletters call's changes
        _limit(rt, "acct", str(user_id), rt.settings.newsletter_writes_per_account)
    try:
        return service.change_preferences(db, rt, body.token, body.subscribe, body.unsubscribe)
    except service.LinkError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


def _limit(rt: Runtime, kind: str, who: str, limit: int) -> None:
    """Each call checks a signature and reads the database; a change is a job for the provider."""
    key = f"newsletters:acct:{who}" if kind == "acct" else f"newsletters:{kind}:ip:{who}"
    enforce(rt.rate_limiter, key, limit, rt.settings.rate_limit_window_seconds)
