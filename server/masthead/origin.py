"""Refuse cross-origin state-changing requests that ride on the session cookie (CSRF)."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from masthead.cookie_names import COMMENTS_COOKIE, COMMENTS_SSO_COOKIE
from masthead.errors import error_body
from masthead.identity.cookies import SESSION_COOKIE
from masthead.settings import Settings

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
# The cookies that authenticate a state change: the reader's session, and the comments
# session (and its sign-on binding) that the comments' writing calls ride on.
AUTHENTICATING_COOKIES = tuple(
    f"{name}=" for name in (SESSION_COOKIE, COMMENTS_COOKIE, COMMENTS_SSO_COOKIE)
)
# The referral service's paths authenticate by a user JWT, never by the session cookie, and
# check each tenant's allowed origins themselves (masthead.referrals.transport): a session
# cookie riding along on a merchant page's call grants nothing there, so it is not refused.
JWT_AUTHENTICATED_PREFIXES = ("/api/v1/", "/a/")
# The staff console's API: every state change there must come from the site's own pages,
# cookie or not (its sign-in too, so no other site can sign a browser in to the console).
STAFF_API_PREFIX = "/admin/api/"
CROSS_ORIGIN = (
    "This request came from another site and was refused. Please use the page on this site instead."
)


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else "null"


class OriginCheckMiddleware:
    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.public_origin = settings.public_origin
        self.trusted = {settings.public_origin, *settings.allowed_origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] in SAFE_METHODS
            or scope["path"].startswith(JWT_AUTHENTICATED_PREFIXES)
        ):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        cookies = headers.get("cookie", "")
        has_session = any(name in cookies for name in AUTHENTICATING_COOKIES)
        claimed = headers.get("origin") or (
            _origin_of(headers["referer"]) if "referer" in headers else None
        )
        # Browsers always send Origin on cross-site POSTs; a request without Origin or
        # Referer is not a browser riding on the reader's cookie.
        if scope["path"].startswith(STAFF_API_PREFIX):  # the site itself, not the extra origins
            refused = claimed not in (self.public_origin, _own_origin(scope, headers))
        else:
            refused = (
                has_session and claimed is not None and not self._trusted(claimed, scope, headers)
            )
        if refused:
            refusal = JSONResponse(error_body("cross-origin-refused", CROSS_ORIGIN), 403)
            await refusal(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def _trusted(self, origin: str, scope: Scope, headers: dict[str, str]) -> bool:
        return origin == _own_origin(scope, headers) or origin in self.trusted


def _own_origin(scope: Scope, headers: dict[str, str]) -> str:
    return f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"
