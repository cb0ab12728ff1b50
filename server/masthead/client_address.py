"""The client address a request's rate limits key on: a platform part, so that a domain that
identity depends on (moderation) can limit by address without depending on identity."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request


async def client_address(request: Request) -> str:
    """The connection's peer; behind MASTHEAD_TRUSTED_PROXIES, uvicorn's ProxyHeadersMiddleware
    (app.py) has already put the rightmost untrusted X-Forwarded-For hop here."""
    return request.client.host if request.client else "unknown"


AddressDep = Annotated[str, Depends(client_address)]
