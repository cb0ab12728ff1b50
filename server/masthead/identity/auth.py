"""Resolving the reader behind a request: the session cookie, and the client address."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from masthead.client_address import AddressDep as AddressDep  # re-exported by api.py
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity import service
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.repository import Reader


# The data layer is asked for on every page view, so this path is kept lean: one indexed
# read, awaited on PostgreSQL, one dependency level.
async def optional_reader(request: Request) -> Reader | None:
    runtime: Runtime = request.app.state.runtime
    return await service.current_reader_awaited(runtime, request.cookies.get(SESSION_COOKIE))


async def required_reader(request: Request) -> Reader:
    reader = await optional_reader(request)
    if reader is None:
        raise ApiError(401, "unauthorized", "Please log in to continue.")
    return reader


ReaderDep = Annotated[Reader, Depends(required_reader)]
