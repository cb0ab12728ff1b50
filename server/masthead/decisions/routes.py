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
from masthead.region import RegionDep

router = APIRouter(tags=["decisions"])


@router.post(
    "/zephr/decision-engine",
    response_model=schemas.DecisionOut,
    responses={400: {}, 403: {}},
    summary="Answer one access-decision feature for the visitor",
    description="Features: `available-plans` (the plans offered, see `outputValue`). The "
    "reader is the session cookie's, or the `session` field's for callers without the "
    "cookie; an unknown or expired session decides for a signed-out visitor. 400 "
    "`unknown-feature` for any other `sdkFeatureSlug`; 403 `session-mismatch` when "
    "`session` and the cookie name different sessions. Nothing is changed.",
)
def decision_engine(
    body: schemas.DecisionIn, request: Request, db: DbDep, rt: RuntimeDep, region: RegionDep
) -> Response:
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
        in_supported_region=region,
    )
    try:
        value = service.decide(ctx, body.sdkFeatureSlug)
    except service.UnknownFeature:
        raise ApiError(
            400,
            "unknown-feature",
            f'There is no decision feature "{body.sdkFeatureSlug[:100]}". '
            f"Known features: {', '.join(sorted(service.FEATURES))}.",
        ) from None
    return JSONResponse({"outputValue": value}, headers={"Cache-Control": "no-store"})
