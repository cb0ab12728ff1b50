"""HTTP plumbing of the referral routes: CORS for merchant pages, the per-tenant origin
check, the user-token headers and the referral error shape.

Merchant pages on other origins call these paths with credentials. A tenant's
allowed_origins (exact match) get `Access-Control-Allow-Origin: <origin>` with credentials;
a state-changing call from any other origin (except Masthead's own) is refused with 403.
The session cookie plays no part here (see masthead/origin.py): calls authenticate by a user
JWT, or (a merchant's server) by the tenant's API key. The origins are read through
tenant_cache.py (kept a second at most). referral_answer is that one step, around every
referral route's handler: ReferralRoute's (FastAPI's) and the analytics' LeanRoutes'.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from masthead.deps import Runtime
from masthead.referrals import tenant_cache
from masthead.referrals.errors import ReferralError, bad_request

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
ALLOW_METHODS = "GET, POST, PUT, OPTIONS"
ALLOW_HEADERS = (
    "Content-Type, X-SaaSquatch-User-Token, X-SaaSquatch-Referrer, user-token, Authorization"
)
PREFLIGHT_MAX_AGE = "600"
TOKEN_HEADERS = ("x-saasquatch-user-token", "user-token")
Handler = Callable[[Request], Coroutine[Any, Any, Response]]


def user_token(request: Request) -> str | None:
    """squatch-js sends X-SaaSquatch-User-Token; the spec says user-token; GraphQL uses Bearer."""
    for name in TOKEN_HEADERS:
        value = request.headers.get(name, "").strip()
        if value:
            return value
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return value.strip() or None


def api_key(request: Request) -> str | None:
    """The tenant API key a merchant's server sends as HTTP Basic auth (any user name, the
    key as the password: `curl -u :KEY`); None when the request has no Basic credentials.
    """
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        return ""  # sent but unreadable: refused like a wrong key
    return decoded.partition(":")[2]


def _describe(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path"))
        message = err.get("msg", "is invalid")
        parts.append(f"{where}: {message}" if where else message)
    return "The request is invalid. " + "; ".join(parts)


async def _origin_allowed(request: Request, origin: str) -> bool:
    alias = request.path_params.get("tenant_alias")
    if not isinstance(alias, str):
        return False
    runtime: Runtime = request.app.state.runtime
    tenant = await tenant_cache.tenant_facts(runtime, alias)
    return tenant is not None and origin in tenant.origins


def _own_origins(request: Request) -> set[str]:
    runtime: Runtime = request.app.state.runtime
    return {
        f"{request.url.scheme}://{request.headers.get('host', '')}",
        runtime.settings.public_origin,
    }


async def referral_answer(request: Request, handler: Handler) -> Response:
    """Answers a referral call by handler: CORS headers on every answer (a refusal too, so the
    widget can read it), a state change from a foreign origin refused before handler runs,
    and a ReferralError, a validation fault or FastAPI's own 400 in the referral error shape.
    """
    origin = request.headers.get("origin")
    headers = {"Vary": "Origin"}
    allowed = bool(origin) and await _origin_allowed(request, origin or "")
    request.state.origin_allowed = allowed
    if allowed and origin:
        headers["Access-Control-Allow-Origin"] = origin
        headers["Access-Control-Allow-Credentials"] = "true"
    elif origin and request.method not in SAFE_METHODS and origin not in _own_origins(request):
        refusal = ReferralError(
            "ORIGIN_NOT_ALLOWED",
            f"Pages on {origin[:200]} may not call this referral tenant.",
        )
        return refusal.response(headers)
    try:
        response = await handler(request)
    except ReferralError as exc:
        raise exc.api_error(headers) from None
    except RequestValidationError as exc:
        raise bad_request(_describe(exc)).api_error(headers) from None
    except HTTPException as exc:  # FastAPI's own 400: a body that is not JSON
        if exc.status_code != 400:
            raise
        raise bad_request(f"{exc.detail}.").api_error(headers) from None
    response.headers.update(headers)
    return response


def answered_by(handler: Handler) -> Handler:
    """handler, answering through referral_answer: what a referral route class wraps its own
    handler in (ReferralRoute here, public_routes.LeanReferralRoute for the analytics)."""

    async def handle(request: Request) -> Response:
        return await referral_answer(request, handler)

    return handle


class ReferralRoute(APIRoute):
    """A referral route: FastAPI's handler, answering through referral_answer."""

    def get_route_handler(self) -> Handler:
        return answered_by(super().get_route_handler())


preflight = APIRouter(route_class=ReferralRoute, include_in_schema=False)


@preflight.options("/api/v1/{tenant_alias}/{path:path}")
@preflight.options("/a/{tenant_alias}/{path:path}")
async def answer_preflight(tenant_alias: str, path: str, request: Request) -> Response:
    if not request.state.origin_allowed:
        origin = request.headers.get("origin", "")
        raise ReferralError(
            "ORIGIN_NOT_ALLOWED",
            f"Pages on {origin[:200] or 'this page'} may not call this referral tenant.",
        )
    return Response(
        status_code=204,
        headers={
            "Access-Control-Allow-Methods": ALLOW_METHODS,
            "Access-Control-Allow-Headers": ALLOW_HEADERS,
            "Access-Control-Max-Age": PREFLIGHT_MAX_AGE,
        },
    )
