"""The dev mailbox: mail the 'devmailbox' backend delivered, for people and e2e tests.

Mounted only with MASTHEAD_MAIL_BACKEND=devmailbox; it shows every reader's mail, tokens included.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse

from masthead.deps import DbDep
from masthead.errors import ApiError
from masthead.mail import pages
from masthead.mail.schemas import MailboxEntry
from masthead.mail.service import delivered_mail, dev_mailbox, newest_delivered

router = APIRouter(include_in_schema=False)
PAGE_HEADERS = {
    "Content-Security-Policy": pages.CONTENT_SECURITY_POLICY,
    "Cache-Control": "no-store",
    # Links carry reset and verification tokens: no other site learns the page. same-origin, not
    # no-referrer: under no-referrer a message's Unsubscribe form is sent with "Origin: null",
    # which the origin check refuses for a signed-in browser.
    "Referrer-Policy": "same-origin",
}
Limit = Annotated[int, Query(ge=1, le=1000)]


@router.get("/dev/mailbox")
def mailbox(db: DbDep, limit: Limit = 200) -> HTMLResponse:
    mails = newest_delivered(db, limit)
    return HTMLResponse(pages.mailbox_page(mails, limit), headers=PAGE_HEADERS)


@router.get("/dev/mailbox.json")
def mailbox_json(db: DbDep, to: str | None = None, limit: Limit = 200) -> list[MailboxEntry]:
    return dev_mailbox(db, to=to, limit=limit)


@router.get("/dev/mailbox/{mail_id}")
def message(mail_id: int, db: DbDep) -> HTMLResponse:
    mail = delivered_mail(db, mail_id)
    if mail is None:
        raise ApiError(404, "not-found", f"There is no mail {mail_id} in the dev mailbox.")
    return HTMLResponse(pages.message_page(mail), headers=PAGE_HEADERS)
