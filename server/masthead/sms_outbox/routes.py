"""The dev text outbox: texts the 'devoutbox' SMS backend kept, for people and e2e tests, and
a STOP reply button (what a provider's inbound webhook would report).

Mounted only with MASTHEAD_SMS_BACKEND=devoutbox outside production (app.py); it shows every
reader's number and texts."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, RedirectResponse

from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.sms_outbox import pages, service
from masthead.sms_outbox.schemas import DevTextOut

router = APIRouter(prefix="/dev/texts", tags=["development"], include_in_schema=False)
PAGE_HEADERS = {
    "Content-Security-Policy": pages.CONTENT_SECURITY_POLICY,
    "Cache-Control": "no-store",
    # Not no-referrer: the STOP buttons' forms must carry this page's Origin (no-referrer
    # sends "null", which origin.py refuses).
    "Referrer-Policy": "same-origin",
}
Limit = Annotated[int, Query(ge=1, le=1000)]


@router.get("")
def outbox(db: DbDep, limit: Limit = 200) -> HTMLResponse:
    return HTMLResponse(
        pages.outbox_page(service.newest(db, limit=limit), limit), headers=PAGE_HEADERS
    )


@router.get(".json")
def outbox_json(db: DbDep, to: str | None = None, limit: Limit = 200) -> list[DevTextOut]:
    return [
        DevTextOut(
            id=t.id,
            to=t.to_number,
            body=t.body,
            sent_at=t.sent_at,
            stop_replied=t.stop_replied_at is not None,
        )
        for t in service.newest(db, to=to, limit=limit)
    ]


@router.post("/{text_id}/stop")
def reply_stop(text_id: int, db: DbDep, rt: RuntimeDep) -> RedirectResponse:
    if service.reply_stop(db, rt, text_id) is None:
        raise ApiError(404, "not-found", f"There is no text {text_id} in the dev text outbox.")
    return RedirectResponse("/dev/texts", status_code=303)
