"""Outgoing mail goes through the outbox so it is sent only if the change that caused it commits."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.clock import Clock
from masthead.jobs.service import enqueue

MAIL_TOPIC = "mail.send"


def send_mail(db: Session, clock: Clock, *, to: str, subject: str, text: str) -> None:
    enqueue(db, clock, MAIL_TOPIC, {"to": to, "subject": subject, "text": text})
