"""The operator APIs' check: a shared secret from a setting, sent as a bearer token.

For an operator's tools, not a browser. The key is compared in constant time, and an API
whose setting is empty is absent (404), so a deployment that never set it exposes nothing.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable

from fastapi import Request

from masthead.deps import RuntimeDep
from masthead.errors import ApiError
from masthead.settings import Settings


def bearer_key_check(
    key_of: Callable[[Settings], str], what: str
) -> Callable[[Request, RuntimeDep], Awaitable[None]]:
    """A FastAPI dependency refusing requests without the key `key_of` reads (`what` names it)."""

    async def check(request: Request, rt: RuntimeDep) -> None:
        key = key_of(rt.settings)
        if not key:
            raise ApiError(404, "not-found", "There is nothing here.")
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(
            given.strip().encode(), key.encode()
        ):
            raise ApiError(
                401,
                "unauthorized",
                f"The {what} key is missing or wrong.",
                headers={"WWW-Authenticate": "Bearer"},
            )

    return check
