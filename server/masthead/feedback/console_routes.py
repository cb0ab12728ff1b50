"""The staff console's feedback list (/admin/api/feedback, the support role): HTTP only.

Readers' messages name them and say what they wrote: never cached (no-store)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, get_args

from fastapi import APIRouter, Query

from masthead.clock import as_utc
from masthead.deps import DbDep
from masthead.errors import ApiError
from masthead.feedback import console_schemas, inbox
from masthead.feedback.console_schemas import BrandKey
from masthead.feedback.schemas import Topic
from masthead.no_store import NO_STORE_ANSWER
from masthead.staff.api import ROLE_ERRORS, SupportDep

router = APIRouter(prefix="/admin/api/feedback", tags=["staff"])

BAD_PLACE = "That page of feedback no longer exists. Please start again from the newest."
# A time with its zone, as the answer's `next` gives it; spelt as a pattern because a
# datetime parameter would also take a number as a Unix time.
PLACE_TIME = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$"


@router.get(
    "",
    response_model=console_schemas.FeedbackListOut,
    responses={400: {}, **ROLE_ERRORS},
    dependencies=[NO_STORE_ANSWER],
    summary="Readers' feedback, newest first, 50 a page (support)",
    description="Filter by `topic`, `brand`, and `q`: words found in the message or the "
    "reader's address (any case). The next page is asked with the answer's `next` as "
    "`before` and `before_id`. Each message links to its reader's page (`reader_id`) while "
    f"the account exists. Topics: {', '.join(get_args(Topic))}.",
)
def list_feedback(
    _: SupportDep,
    db: DbDep,
    topic: Topic | None = None,
    brand: BrandKey | None = None,
    q: Annotated[str | None, Query(max_length=320)] = None,
    before: Annotated[str | None, Query(pattern=PLACE_TIME, max_length=40)] = None,
    before_id: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
) -> console_schemas.FeedbackListOut:
    place = None if before is None else (_time(before), before_id)
    # No stored text holds a NUL (PostgreSQL's text cannot): dropping it finds the same.
    text = (q or "").replace("\x00", "").strip() or None
    return inbox.page(db, inbox.Filters(topic=topic, brand=brand, text=text), place)


def _time(text: str) -> datetime:
    try:
        return as_utc(datetime.fromisoformat(text))
    except (ValueError, OverflowError):  # no such day, or past the calendar's edge in UTC
        raise ApiError(400, "bad-request", BAD_PLACE) from None
