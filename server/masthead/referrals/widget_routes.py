"""Widget calls: cookie_user, upsert, render and the GraphQL renderWidget (spec section 7, 1-3).

Token rule: a tenant in live mode needs a user JWT (HS256, the tenant's API key) naming the
path's user for upsert, render, events and invites; a test-mode tenant also accepts calls
without one. A token that is sent is always checked: a bad one is 401 in either mode.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Body, Depends, Path, Query, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from masthead.deps import DbDep, RuntimeDep
from masthead.referrals import inputs, rendering, schemas, service, widget_graphql
from masthead.referrals.cookie import COOKIE_NAME
from masthead.referrals.errors import ReferralError, bad_request
from masthead.referrals.models import ReferralUser, Tenant
from masthead.referrals.transport import ReferralRoute, user_token

router = APIRouter(prefix="/api/v1/{tenant_alias}", route_class=ReferralRoute, tags=["referrals"])

# The anonymous participant of cookie_user, scoped to that path. Its value is a secret; the
# participant's id is derived from it (see service.anonymous_ids).
VISITOR_COOKIE = "masthead_referral_visitor"
VISITOR_DAYS = 365
_VISITOR_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")

AccountId = Annotated[str, Path(max_length=255)]
UserId = Annotated[str, Path(max_length=255)]
WidgetType = Annotated[
    str | None,
    Query(
        alias="widgetType",
        max_length=100,
        description="REFERRER_WIDGET, CONVERSION_WIDGET or p/<programme>/w/referrerWidget|"
        "referredWidget; empty or absent: the tenant's jsOptions.widget.defaultWidgetType. "
        "A programme the tenant does not have is 404 PROGRAM_NOT_FOUND.",
        # Documented, checked by inputs.widget_request (its 400 words the refusal).
        json_schema_extra={
            "pattern": r"^(?:REFERRER_WIDGET|CONVERSION_WIDGET"
            r"|p/[A-Za-z0-9_-]{1,64}/w/(?:referrerWidget|referredWidget))?$"
        },
    ),
]
Medium = Annotated[
    str | None,
    Query(
        alias="engagementMedium",
        max_length=16,
        description="Empty or absent: POPUP.",
        # Documented, checked by inputs.widget_request (its 400 names the mediums).
        json_schema_extra={"enum": ["", *inputs.ENGAGEMENT_MEDIUMS]},
    ),
]
Locale = Annotated[
    str | None,
    Query(
        max_length=16,
        description="en or en_US; sets lang.",
        json_schema_extra={"pattern": inputs.LOCALE_PATTERN},  # checked by inputs.clean_locale
    ),
]


Endpoint = TypeVar("Endpoint", bound=Callable[..., Any])


def put_and_post(path: str, **options: Any) -> Callable[[Endpoint], Endpoint]:
    """squatch-js sends PUT; the spec's other reading is POST: both, as two operations."""

    def register(endpoint: Endpoint) -> Endpoint:
        router.post(path, **options)(endpoint)
        return router.put(path, **options)(endpoint)

    return register


def _referral_cookie(body: schemas.UserBody, request: Request) -> str | dict[str, Any] | None:
    # The library copies the cookie into the body; on a shared top-level domain it also rides along.
    return body.cookies or request.cookies.get(COOKIE_NAME)


def _rendered(
    db: Session, tenant: Tenant, user: ReferralUser, widget: inputs.WidgetRequest
) -> schemas.RenderResponse:
    """The render as its wire model. Keys rendering.py leaves out stay unset, so the routes'
    response_model_exclude_unset keeps them absent (`user.referredBy` when not referred)."""
    return schemas.RenderResponse.model_validate(rendering.render(db, tenant, user, widget))


@put_and_post(
    "/widget/user/cookie_user",
    response_model=schemas.RenderResponse,
    response_model_exclude_unset=True,
    responses=schemas.error_responses(400, 401, 403, 404),
    summary="Widget for an anonymous visitor (cookie user)",
    description="The visitor is known by the HttpOnly `masthead_referral_visitor` cookie this "
    "call sets (SameSite=None; Secure under HTTPS, else Lax), scoped to this path. A new "
    "visitor is attributed from the `_saasquatch` referral cookie (body `cookies`, or the "
    "request's cookie). A JWT is optional; one that is sent must be valid "
    '(`{"allowAnonymous": true}` or a user).',
)
def cookie_user(
    tenant_alias: str,
    request: Request,
    response: Response,
    db: DbDep,
    rt: RuntimeDep,
    widget_type: WidgetType = None,
    engagement_medium: Medium = None,
    locale: Locale = None,
    body: Annotated[schemas.UserBody | None, Body()] = None,
) -> schemas.RenderResponse:
    tenant = service.tenant_for(db, tenant_alias)
    service.authorise_anonymous(tenant, user_token(request), rt.clock.now())
    widget = inputs.widget_request(tenant, widget_type, engagement_medium, locale)
    body = body or schemas.UserBody()
    fields = inputs.user_fields(body.model_dump(exclude_none=True), {})
    visitor = request.cookies.get(VISITOR_COOKIE, "")
    user, new_token = service.cookie_user(
        db,
        rt,
        tenant,
        visitor if _VISITOR_TOKEN.match(visitor) else None,
        fields,
        _referral_cookie(body, request),
    )
    rendered = _rendered(db, tenant, user, widget)
    if new_token is not None:
        secure = rt.settings.secure_cookies
        response.set_cookie(
            VISITOR_COOKIE,
            new_token,
            max_age=VISITOR_DAYS * 86400,
            path=f"/api/v1/{tenant.alias}/widget/user",
            httponly=True,
            secure=secure,
            # Cross-site merchant pages only send it back with SameSite=None, which needs HTTPS.
            samesite="none" if secure else "lax",
        )
    return rendered


@put_and_post(
    "/widget/account/{account_id}/user/{user_id}/upsert",
    response_model=schemas.RenderResponse,
    response_model_exclude_unset=True,
    responses=schemas.error_responses(400, 401, 403, 404),
    summary="Create or update a participant and render their widget",
    description="Live tenants need a user JWT for these ids (X-SaaSquatch-User-Token, "
    "user-token or Authorization: Bearer); test tenants accept calls without one. Signed "
    "user fields win over the body's. The body's `id` and `accountId` may be left out; when "
    "sent they must be the path's ids (400 BAD_REQUEST otherwise). At the participant's "
    "first upsert the referral is attributed from the first code of this tenant in the "
    "`_saasquatch` cookie (never to themselves, never again later). `user.referredBy` is "
    "present only when referred.",
)
def upsert(
    tenant_alias: str,
    account_id: AccountId,
    user_id: UserId,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
    widget_type: WidgetType = None,
    engagement_medium: Medium = None,
    locale: Locale = None,
    body: Annotated[schemas.UserBody | None, Body()] = None,
) -> schemas.RenderResponse:
    tenant = service.tenant_for(db, tenant_alias)
    claims = service.authorise_user(
        tenant, user_token(request), account_id, user_id, rt.clock.now()
    )
    body = body or schemas.UserBody()
    if body.id not in (None, user_id) or body.accountId not in (None, account_id):
        raise bad_request("The body's id and accountId must match the ids in the path.")
    widget = inputs.widget_request(tenant, widget_type, engagement_medium, locale)
    fields = inputs.user_fields(body.model_dump(exclude_none=True), claims)
    user = service.upsert_user(
        db, rt, tenant, account_id, user_id, fields, _referral_cookie(body, request)
    )
    return _rendered(db, tenant, user, widget)


@router.get(
    "/widget/account/{account_id}/user/{user_id}/render",
    response_model=schemas.RenderResponse,
    response_model_exclude_unset=True,
    responses=schemas.error_responses(400, 401, 404),
    summary="Render the widget of an existing participant (404 USER_NOT_FOUND otherwise)",
    description="The same token rule as upsert.",
)
def render(
    tenant_alias: str,
    account_id: AccountId,
    user_id: UserId,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
    widget_type: WidgetType = None,
    engagement_medium: Medium = None,
    locale: Locale = None,
) -> schemas.RenderResponse:
    tenant = service.tenant_for(db, tenant_alias)
    service.authorise_user(tenant, user_token(request), account_id, user_id, rt.clock.now())
    widget = inputs.widget_request(tenant, widget_type, engagement_medium, locale)
    user = service.user_for(db, tenant, account_id, user_id)
    return _rendered(db, tenant, user, widget)


async def _json_body(request: Request) -> Any:
    """The body as JSON, or NOT_JSON: read here rather than by FastAPI, so that a body that
    is not JSON gets the GraphQL refusal (with its `errors` list) like any other bad body."""
    raw = await request.body()
    if not raw:
        return None
    media_type = request.headers.get("content-type", "application/json").split(";")[0]
    media_type = media_type.strip().lower()
    if not (media_type == "application/json" or media_type.endswith("+json")):
        return widget_graphql.NOT_JSON  # as FastAPI reads bodies: JSON only when labelled so
    try:
        return json.loads(raw)
    except ValueError:
        return widget_graphql.NOT_JSON


@router.post(
    "/graphql",
    response_model=schemas.GraphQLResponse,
    response_model_exclude_unset=True,  # `{"data": ...}`: no `errors` key when there are none
    responses={
        400: {"model": schemas.GraphQLRefusalBody},
        401: {"model": schemas.GraphQLRefusalBody},
        403: {"model": schemas.ReferralErrorBody},
        404: {"model": schemas.GraphQLRefusalBody},
    },
    summary="GraphQL: only the renderWidget query",
    description="Answers `{data: {renderWidget: {template, user{id accountId}, jsOptions, "
    "widgetConfig{values}}}}`. Variables: user: UserIdInput {id, accountId} (optional: without "
    "it the widget is anonymous), engagementMedium: UserEngagementMedium, widgetType: "
    "WidgetType, locale: RSLocale. The token comes as `Authorization: Bearer <jwt>` (or the "
    "other token headers), with the upsert rule for a user. A request asks for exactly one "
    "root field, selects at most 20 fields and nests at most 12 levels; introspection is off. "
    "Anything else, or a malformed query, is 400; a refusal of the render keeps its status. "
    "A refusal is the project's error shape plus GraphQL's `errors` list (the referral error "
    "fields in each error's `extensions`).",
    # The body _json_body reads (schemas.GraphQLRequest). It is not parsed into that model:
    # every malformed body gets the GraphQL refusal, with its `errors` list.
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": schemas.GraphQLRequest.model_json_schema(),
                    "example": {"query": "query { renderWidget { template } }"},
                }
            },
        }
    },
)
def render_widget_graphql(
    tenant_alias: str,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
    payload: Annotated[Any, Depends(_json_body)],
) -> schemas.GraphQLResponse | Response:
    try:
        tenant = service.tenant_for(db, tenant_alias)
        return widget_graphql.execute(db, rt, tenant, user_token(request), payload)
    except widget_graphql.GraphQLRefusal as exc:
        return _refusal(exc.body(), 400)
    except ReferralError as exc:
        return _refusal(widget_graphql.referral_refusal_body(exc), exc.status)


def _refusal(body: schemas.GraphQLRefusalBody, status: int) -> Response:
    # Answered, not raised: the shared error handler knows no `errors` list. Keys GraphQL
    # leaves out of an error (locations, path, extensions) stay out.
    return JSONResponse(body.model_dump(mode="json", exclude_unset=True), status)
