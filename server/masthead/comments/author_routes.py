"""The author card (`GET /comments/v1/messages/{id}/author`): HTTP only.

Opened from a comment's byline (the widget's "open profile"), so far less often than the
thread is read: a plain route on a unit of work, public like the thread.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Response

from masthead.comments import schemas, service
from masthead.deps import DbDep

router = APIRouter(prefix="/comments/v1", tags=["comments"])

# Public and the same for everyone (no cookie read), as the thread: any cache may keep it
# as briefly.
CARD_CACHE = "public, max-age=30"


@router.get(
    "/messages/{comment_id}/author",
    response_model=schemas.AuthorCardOut,
    responses={404: {}},
    summary="The author of a published comment, for the card a reader opens from its byline",
    description="Public: no session; `Cache-Control: public, max-age=30`. The name, initials "
    "and avatar colour as the thread shows them, with the author's bio and location, their "
    "published comments on every story and when the first was written. A private profile "
    'shows its display name (or "Reader") and nothing else; an erased account shows '
    '"Former reader". 404 `comment-not-found` for a comment that is not published.',
)
def comment_author(
    db: DbDep,
    response: Response,
    comment_id: Annotated[int, Path(ge=1, le=2**31 - 1, description="The comment's id.")],
) -> dict[str, Any]:
    card = service.author_card(db, comment_id)
    response.headers["Cache-Control"] = CARD_CACHE
    return card
