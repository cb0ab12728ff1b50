"""Resolving the reader behind a request: the session cookie, and the client address."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity import service
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.models import AuthSession


def optional_session(request: Request, db: DbDep, rt: RuntimeDep) -> AuthSession | None:
    return service.current_session(db, rt, request.cookies.get(SESSION_COOKIE))


def required_session(
    session: Annotated[AuthSession | None, Depends(optional_session)],
) -> AuthSession:
    if session is None:
        raise ApiError(401, "unauthorized", "Please log in to continue.")
    return session


SessionDep = Annotated[AuthSession, Depends(required_session)]


def client_address(request: Request, rt: RuntimeDep) -> str:
    if rt.settings.trust_forwarded_for:
        forwarded = request.headers.get("x-forwarded-for", "")
        if forwarded:
            return forwarded.split(",")[0].strip()
    return request.client.host if request.client else "unknown"


AddressDep = Annotated[str, Depends(client_address)]
