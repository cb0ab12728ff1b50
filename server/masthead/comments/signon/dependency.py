"""The commenter behind a request: its mh_comments cookie, resolved by the sign-on service.
Writing routes take `CommenterDep` (401 comments-sign-in-required without a live comments
session) or `OptionalCommenterDep`."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from masthead.comments.signon.service import commenter_from_cookie
from masthead.cookie_names import COMMENTS_COOKIE
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError

SIGN_IN_REQUIRED = "Log in to join the conversation."


def optional_commenter(request: Request, db: DbDep, rt: RuntimeDep) -> int | None:
    return commenter_from_cookie(db, rt, request.cookies.get(COMMENTS_COOKIE))


async def required_commenter(
    commenter: Annotated[int | None, Depends(optional_commenter)],
) -> int:
    if commenter is None:
        raise ApiError(401, "comments-sign-in-required", SIGN_IN_REQUIRED)
    return commenter


OptionalCommenterDep = Annotated[int | None, Depends(optional_commenter)]
CommenterDep = Annotated[int, Depends(required_commenter)]
