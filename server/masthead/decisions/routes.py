"""POST /zephr/decision-engine: HTTP only."""

from __future__ import annotations

import hmac

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from masthead.decisions import schemas, service
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity import service as identity
from masthead.identity.cookies import SESSION_COOKIE
from masthead.region import in_supported_region, vary_headers, visitor_country

router = APIRouter(tags=["decisions"])


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
def decision_engine(
    body: schemas.DecisionIn, request: Request, db: DbDep, rt: RuntimeDep
) -> Response:
    if body.sdkFeatureSlug not in service.FEATURES:
        raise ApiError(
            400,
            "unknown-feature",
            f'There is no decision feature "{body.sdkFeatureSlug[:100]}". '
            f"Known features: {', '.join(sorted(service.FEATURES))}.",
        )
    cookie = request.cookies.get(SESSION_COOKIE)
    if body.session and cookie and not hmac.compare_digest(body.session, cookie):
        raise ApiError(
            403, "session-mismatch", "This request names another session. Please log in again."
        )
    ctx = service.DecisionContext(
        db=db,
        rt=rt,
        reader=identity.current_reader(rt, body.session or cookie),
        path=body.path,
        content_id=body.contentId,
        in_supported_region=in_supported_region(request.headers, rt.settings),
        country=visitor_country(request.headers, rt.settings),
    )
    value = service.decide(ctx, body.sdkFeatureSlug)
    answer = {
        "sdkFeatureSlug": body.sdkFeatureSlug,
        "loggedIn": ctx.reader is not None,
        "outputValue": value,
    }
    return JSONResponse(answer, headers={"Cache-Control": "no-store", **vary_headers(rt.settings)})
