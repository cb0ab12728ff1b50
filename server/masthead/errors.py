"""One error shape for every response: {"type": ..., "message": ...}.

`type` is the spec's error type (user-not-found, password-not-strong, ...); `message` is a
sentence a person can act on.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import psycopg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DataError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

# psycopg refuses a NUL character in any text value (PostgreSQL cannot store one) before it is
# sent; SQLite would store it. Either way no field of ours means to hold one.
NUL_REFUSED = "PostgreSQL text fields cannot contain NUL"
NUL_MESSAGE = (
    "The request contains a NUL character (\\u0000), which no field accepts. "
    "Remove it and try again."
)


# The database cannot be reached (restarting, failing over, every connection busy): what was
# being done is rolled back, and the reader is asked to try again shortly. One log line each,
# no traceback: during a restart there are many, and they say the same thing.
DATABASE_UNAVAILABLE = "We couldn't reach our database just now. Please try again in a moment."
DATABASE_RETRY_AFTER = "5"
log = logging.getLogger("masthead.errors")


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        type_: str,
        message: str,
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.type = type_
        self.message = message
        self.headers = headers or {}
        self.extra = extra


def error_body(type_: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"type": type_, "message": message, **extra}


def _describe_validation(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query"))
        parts.append(f"{where}: {err.get('msg', 'is invalid')}" if where else err.get("msg", ""))
    return "The request is invalid. " + "; ".join(parts)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(
            error_body(exc.type, exc.message, **exc.extra), exc.status, headers=exc.headers
        )

    @app.exception_handler(RequestValidationError)
    async def _validation(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_body("bad-request", _describe_validation(exc)), 400)

    @app.exception_handler(DataError)
    async def _data(_request: Request, exc: DataError) -> JSONResponse:
        if NUL_REFUSED not in str(exc.orig):
            raise exc  # a fault of ours, not of the request: a 500
        return JSONResponse(error_body("bad-request", NUL_MESSAGE), 400)

    async def _database_unavailable(request: Request, exc: Exception) -> JSONResponse:
        cause = getattr(exc, "orig", None) or exc
        if not _unreachable(cause):
            raise exc  # a fault of ours (SQLite's "no such table" is an OperationalError too)
        first_line = str(cause).strip().splitlines()[0] if str(cause).strip() else ""
        log.warning(
            "database unavailable: %s %s: %s: %s",
            request.method,
            request.url.path,
            type(cause).__name__,
            first_line,
        )
        return JSONResponse(
            error_body("service-unavailable", DATABASE_UNAVAILABLE),
            503,
            headers={"Retry-After": DATABASE_RETRY_AFTER},
        )

    for unreachable in (OperationalError, PoolTimeoutError, psycopg.OperationalError):
        app.add_exception_handler(unreachable, _database_unavailable)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kinds = {
            400: "bad-request",
            404: "not-found",
            405: "method-not-allowed",
            401: "unauthorized",
        }
        message = exc.detail if isinstance(exc.detail, str) else "The request failed."
        if exc.status_code == 404 and message == "Not Found":
            message = "There is nothing at this address."
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:
            headers["Allow"] = allowed_methods(request)
        return JSONResponse(
            error_body(kinds.get(exc.status_code, "error"), message),
            exc.status_code,
            headers=headers,
        )


def _unreachable(cause: BaseException) -> bool:
    """A database that cannot answer now: PostgreSQL's connection failures and time-outs,
    SQLAlchemy's pool waiting in vain, SQLite's file locked by a long writer."""
    if isinstance(cause, psycopg.OperationalError | PoolTimeoutError):
        return True
    return isinstance(cause, sqlite3.OperationalError) and "locked" in str(cause)


def allowed_methods(request: Request) -> str:
    """Every method some route answers at this path. Starlette's 405 names only the methods of
    the first route whose path matched, and a path's GET and POST are often two routes."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if (
            isinstance(route, Route)
            and route.methods
            and route.matches(request.scope)[0] != Match.NONE
        ):
            methods |= route.methods
    return ", ".join(sorted(methods))
