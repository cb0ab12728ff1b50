"""What an address nothing answers gets: a reader following a link (a GET outside the APIs)
gets the brand's HTML "Page not found" page with status 404; API clients keep the one JSON
error shape (errors.py). The account area's unknown paths get its own 404 (web/routes.py)."""

from __future__ import annotations

import inspect

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from masthead.db import session_scope
from masthead.deps import Runtime
from masthead.site import pages
from masthead.site.pages import page_headers

# First path segments of the APIs (and of the asset folders): their unknown addresses answer
# JSON, which is what their clients parse.
API_SEGMENTS = frozenset(
    {
        "a",
        "admin",
        "api",
        "blaize",
        "braintree-sandbox",
        "comments",
        "favicon",
        "healthz",
        "operator",
        "readyz",
        "static",
        "widget",
        "wp-json",
        "zephr",
    }
)
# The router's own detail when no route matches; a route's deliberate 404 says more.
UNMATCHED = "Not Found"


def wants_page(request: Request, exc: StarletteHTTPException) -> bool:
    """A browser's page request for an address nothing answers (not an API call)."""
    first = request.url.path.lstrip("/").split("/", 1)[0].lower()
    return (
        exc.status_code == 404
        and exc.detail == UNMATCHED
        and request.method in ("GET", "HEAD")
        and first not in API_SEGMENTS
    )


def _page(request: Request) -> HTMLResponse:
    runtime: Runtime = request.app.state.runtime
    for db in session_scope(runtime.sessions):
        page = pages.missing(request, runtime, db)
    return HTMLResponse(page.html, 404, headers=page_headers(runtime.settings))


def install(app: FastAPI) -> None:
    """Answers 404s with the page where wants_page says so, else as before (the JSON shape):
    call after errors.install_error_handlers."""
    as_json = app.exception_handlers[StarletteHTTPException]

    async def not_found(request: Request, exc: Exception) -> Response:
        if isinstance(exc, StarletteHTTPException) and wants_page(request, exc):
            return await run_in_threadpool(_page, request)
        response = as_json(request, exc)
        return await response if inspect.isawaitable(response) else response

    app.add_exception_handler(404, not_found)
