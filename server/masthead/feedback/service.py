"""Feedback rules: keep what the reader wrote and mail it to staff, in one transaction."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.feedback import repository, schemas
from masthead.feedback.models import FeedbackMessage
from masthead.identity.api import Reader
from masthead.mail.api import send_once

THANKS = "Thank you for your feedback. It has reached our team."
BLANK = "Please write your message."


class FeedbackError(Exception):
    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.type = type_
        self.message = message


def send(
    db: Session, rt: Runtime, reader: Reader, sent: schemas.FeedbackIn, brand: str
) -> schemas.FeedbackOut:
    text = sent.message.strip()
    if not text:
        raise FeedbackError(400, "bad-request", BLANK)
    row = FeedbackMessage(
        account_id=reader.user_id,
        email=reader.email,
        topic=sent.topic,
        message=text,
        may_reply=sent.may_reply,
        brand=brand,
        created_at=rt.clock.now(),
    )
    repository.add(db, row)
    # Keyed by the stored message: a job run twice mails staff once.
    send_once(
        db,
        rt.clock,
        f"feedback:{row.id}",
        to=rt.settings.feedback_to,
        subject=f"Reader feedback: {schemas.TOPICS[sent.topic]}",
        text=_mail_text(row),
    )
    return schemas.FeedbackOut(message=THANKS)


def _mail_text(row: FeedbackMessage) -> str:
    # The mail carries no Reply-To header (mail.api has none); the reader's address is named
    # as the one to answer only when they agreed to a reply.
    reply = (
        f"The reader agreed to a reply: write to {row.email}."
        if row.may_reply
        else "The reader did not ask for a reply: please do not write to them about this."
    )
    return (
        f"Topic: {schemas.TOPICS[row.topic]}\n"
        f"Site: {row.brand}\n"
        f"Reader account: {row.account_id}\n\n"
        f"{row.message}\n\n{reply}\n"
    )
