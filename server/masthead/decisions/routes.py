"""POST /zephr/decision-engine: HTTP only. Asked on every article view: a LeanRoute
(lean_routes.py), mounted first, its JSON body read as FastAPI reads it."""

from __future__ import annotations

import hmac
from contextlib import contextmanager
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from masthead.db import session_scope
from masthead.decisions import schemas, service, session_decisions
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import SESSION_COOKIE, current_reader
from masthead.lean_routes import LeanRoute
from masthead.region import in_supported_region, vary_headers, visitor_country

router = APIRouter(tags=["decisions"], route_class=LeanRoute)
KNOWN_FEATURES = session_decisions.FEATURES | set(service.FEATURES)


@router.post(
    "/zephr/decision-engine",
    response_model=schemas.DecisionOut,
    responses={400: {}, 403: {}},
    summary="Answer one access-decision feature for the visitor",
    description=f"Features: {schemas.FEATURES_HELP} (their answers: `outputValue`). Each "
    "is decided by its rules (the operator API `/operator/v1/decision-rules`): the first "
    "by priority whose conditions hold for the reader (account status, products, plans, had "
    "a trial), the path and the region. The reader is the session cookie's, or the "
    "`session` field's for callers without the cookie; an unknown or expired session "
    "decides for a signed-out visitor. No other cookie is read. 400 `unknown-feature` for "
    "any other `sdkFeatureSlug`; 403 `session-mismatch` when `session` and the cookie name "
    "different sessions. Nothing is changed. `Cache-Control: no-store`.",
)
async def decision_engine(request: Request, body: schemas.DecisionIn) -> Response:
    # async, no injected dependency: the two features every article view asks are decided on
    # the event loop (session_decisions.py); the others in a unit of work, in a thread.
    rt: Runtime = request.app.state.runtime
    slug = body.sdkFeatureSlug
    if slug not in session_decisions.FEATURES and slug not in service.FEATURES:
        raise ApiError(
            400,
            "unknown-feature",
            f'There is no decision feature "{slug[:100]}". '
            f"Known features: {', '.join(sorted(KNOWN_FEATURES))}.",
        )
    cookie = request.cookies.get(SESSION_COOKIE)
    if body.session and cookie and not _same(body.session, cookie):
        raise ApiError(
            403, "session-mismatch", "This request names another session. Please log in again."
        )
    session = body.session or cookie
    in_region = in_supported_region(request.headers, rt.settings)
    country = visitor_country(request.headers, rt.settings)
    if slug in session_decisions.FEATURES:
        signed_in, value = await session_decisions.decide(
            rt, slug, session, body.path, in_region, country
        )
    else:
        signed_in, value = await run_in_threadpool(
            _in_unit_of_work, rt, body, session, in_region, country
        )
    answer = {"sdkFeatureSlug": slug, "loggedIn": signed_in, "outputValue": value}
    return JSONResponse(answer, headers={"Cache-Control": "no-store", **vary_headers(rt.settings)})


def _same(sent: str, cookie: str) -> bool:
    """Compared in constant time, as bytes: compare_digest refuses a str with non-ASCII
    characters (a 500), and a JSON string may hold a lone surrogate."""
    return hmac.compare_digest(
        sent.encode("utf-8", "surrogatepass"), cookie.encode("utf-8", "surrogatepass")
    )


def _in_unit_of_work(
    rt: Runtime, body: schemas.DecisionIn, session: str | None, in_region: bool, country: str | None
) -> tuple[bool, Any]:
    """service.py's features: (signed in, outputValue), read in one unit of work."""
    with contextmanager(session_scope)(rt.sessions) as db:
        ctx = service.DecisionContext(
            db=db,
            rt=rt,
            reader=current_reader(rt, session),
            path=body.path,
            content_id=body.contentId,
            in_supported_region=in_region,
            country=country,
        )
        return ctx.reader is not None, service.decide(ctx, body.sdkFeatureSlug)
