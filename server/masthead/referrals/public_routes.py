"""`/a/{tenant}`: the referral-cookie reader, widget analytics and share links (calls 5-7)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import RedirectResponse

from masthead.deps import DbDep, Runtime, RuntimeDep
from masthead.lean_routes import LeanRoute
from masthead.referrals import ingest, inputs, schemas, service
from masthead.referrals.cookie import COOKIE_NAME, COOKIE_PATTERN, MAX_COOKIE_CHARS
from masthead.referrals.share import SHARE_MEDIUMS
from masthead.referrals.transport import Handler, ReferralRoute, answered_by

router = APIRouter(prefix="/a/{tenant_alias}", route_class=ReferralRoute, tags=["referrals"])

ExternalId = Annotated[str, Query(min_length=1, max_length=255)]
# The mediums are documented as enums but checked by service.analytics_event, whose 400 names
# them (a validation 400 would not).
EngagementMedium = Annotated[
    str,
    Query(
        alias="engagementMedium",
        max_length=16,
        json_schema_extra={"enum": list(inputs.ENGAGEMENT_MEDIUMS)},
    ),
]
ShareMedium = Annotated[
    str,
    Query(alias="shareMedium", max_length=16, json_schema_extra={"enum": list(SHARE_MEDIUMS)}),
]


@router.get(
    "/widgets/squatchcookiejson",
    response_model=schemas.CookieCodesResponse,
    responses=schemas.error_responses(400, 404),
    summary="This tenant's referral codes in a `_saasquatch` cookie value",
    description="`cookies` is the cookie's base64url value; without it the request's own "
    "`_saasquatch` cookie is read. Expired codes are left out; `code` is the first code "
    "(null when there is none). A value that is not base64url JSON is 400 INVALID_COOKIE.",
)
def squatch_cookie_json(
    tenant_alias: str,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
    cookies: Annotated[
        str | None,
        Query(
            max_length=MAX_COOKIE_CHARS,
            # Documented; cookie.decode checks it, and that it holds a JSON object (400).
            json_schema_extra={"pattern": COOKIE_PATTERN},
        ),
    ] = None,
) -> schemas.CookieCodesResponse:
    tenant = service.tenant_for(db, tenant_alias)
    value = cookies if cookies is not None else request.cookies.get(COOKIE_NAME)
    return service.cookie_codes(tenant, value, rt.clock.now())


def analytics_writer(request: Request) -> ingest.AnalyticsWriter:
    runtime: Runtime = request.app.state.runtime
    return ingest.app_writer(request.app.state, runtime.engine)


# No NUL character: PostgreSQL cannot store one in text, and the failed COPY would fail every
# other event of its batch.
NO_NUL = r"^[^\x00]*$"
ExternalAccountId = Annotated[
    str, Query(alias="externalAccountId", min_length=1, max_length=255, pattern=NO_NUL)
]
ExternalUserId = Annotated[
    str, Query(alias="externalUserId", min_length=1, max_length=255, pattern=NO_NUL)
]
ProgramId = Annotated[str | None, Query(alias="programId", max_length=64, pattern=NO_NUL)]


class LeanReferralRoute(LeanRoute):
    """A LeanRoute answering through transport.referral_answer, as ReferralRoute does."""

    def get_route_handler(self) -> Handler:
        return answered_by(super().get_route_handler())


# Every widget that opens sends a load analytic: LeanRoutes (lean_routes.py), mounted first by
# app.py. Their parameters are declared once, here: the OpenAPI document and the check
# (LeanRoute reads them as FastAPI would) both come from these declarations. Async, no
# session: the row is checked here and written by the group commit of ingest.py, which answers
# once the row is committed.
analytics_router = APIRouter(
    prefix="/a/{tenant_alias}", route_class=LeanReferralRoute, tags=["referrals"]
)


async def _record(
    request: Request,
    tenant_alias: str,
    kind: str,
    account_id: str,
    user_id: str,
    engagement_medium: str,
    *,
    share_medium: str | None = None,
    program_id: str | None = None,
) -> Response:
    """Checks one widget analytic and answers 204 once the group commit has stored it."""
    rt: Runtime = request.app.state.runtime
    tenant_id = await service.analytics_tenant_id(rt, tenant_alias)
    row = service.analytics_event(
        rt,
        tenant_id,
        kind,
        account_id,
        user_id,
        engagement_medium,
        share_medium=share_medium,
        program_id=program_id,
    )
    await analytics_writer(request).write(row)
    return Response(status_code=204)


@analytics_router.post(
    "/widgets/analytics/loaded",
    status_code=204,
    responses=schemas.error_responses(400, 403, 404),
    summary="Record that a widget was shown (204)",
)
async def analytics_loaded(
    request: Request,
    tenant_alias: str,
    external_account_id: ExternalAccountId,
    external_user_id: ExternalUserId,
    engagement_medium: EngagementMedium,
    program_id: ProgramId = None,
) -> Response:
    return await _record(
        request,
        tenant_alias,
        "loaded",
        external_account_id,
        external_user_id,
        engagement_medium,
        program_id=program_id,
    )


@analytics_router.post(
    "/widgets/analytics/shared",
    status_code=204,
    responses=schemas.error_responses(400, 403, 404),
    summary="Record a share-button click (204)",
    description="shareMedium: EMAIL, FACEBOOK, TWITTER, LINKEDIN, SMS, WHATSAPP or DIRECT.",
)
async def analytics_shared(
    request: Request,
    tenant_alias: str,
    external_account_id: ExternalAccountId,
    external_user_id: ExternalUserId,
    engagement_medium: EngagementMedium,
    share_medium: ShareMedium,
) -> Response:
    return await _record(
        request,
        tenant_alias,
        "shared",
        external_account_id,
        external_user_id,
        engagement_medium,
        share_medium=share_medium,
    )


@router.get(
    "/r/{code}",
    status_code=302,
    response_class=RedirectResponse,  # a body-less 302: no JSON is documented for it
    responses={302: {"description": "To the programme's landing page"}, 400: {}, 404: {}},
    summary="A share link: on to the landing page with the `_saasquatch` parameter",
    description="The parameter holds the referral cookie for the code (base64url JSON, the "
    "code valid 365 days); the widget library on the landing page stores it. An unknown code "
    "lands without it.",
)
def share_link(tenant_alias: str, code: str, db: DbDep, rt: RuntimeDep) -> RedirectResponse:
    tenant = service.tenant_for(db, tenant_alias)
    return RedirectResponse(service.share_landing(db, rt, tenant, code[:32]), 302)
