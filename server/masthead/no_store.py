"""Answers that no cache may keep (an editor's or an operator's view of data that changes
under their hands, a tenant's new key): the header, and the dependency that sets it."""

from __future__ import annotations

from fastapi import Depends, Response

NO_STORE = {"Cache-Control": "no-store"}


def no_store(response: Response) -> None:
    response.headers.update(NO_STORE)


# For a router's or a route's `dependencies=[...]`.
NO_STORE_ANSWER = Depends(no_store)
