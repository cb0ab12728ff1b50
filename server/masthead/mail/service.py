"""Outgoing mail goes through the outbox so it is sent only if the change that caused it commits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.clock import Clock
from masthead.jobs.api import enqueue
from masthead.mail import repository
from masthead.mail.compose import check_headers
from masthead.mail.models import DeliveredMail, SentOnce
from masthead.mail.schemas import MailboxEntry

MAIL_TOPIC = "mail.send"


def send_mail(
    db: Session,
    clock: Clock,
    *,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    headers: dict[str, str] | None = None,
) -> None:
    """Queue a mail. `headers` are extra headers of newsletter mail (compose.EXTRA_HEADERS:
    List-Unsubscribe...); transactional mail has none. Checked here, so a bad header fails the
    change that caused it rather than the worker later."""
    payload: dict[str, Any] = {"to": to, "subject": subject, "text": text}
    if html is not None:
        payload["html"] = html
    if headers:
        payload["headers"] = check_headers(headers)
    enqueue(db, clock, MAIL_TOPIC, payload)


def send_once(
    db: Session,
    clock: Clock,
    key: str,
    *,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    headers: dict[str, str] | None = None,
) -> bool:
    """Send the mail unless one with this key was sent already; True if it is sent now.

    The key and the mail commit with the caller's change. Two transactions racing on one key:
    the savepoint makes the second wait for the first and then see the key (PostgreSQL's
    unique index), so only one mail leaves.
    """
    if already_sent(db, key):
        return False
    try:
        with db.begin_nested():
            db.add(SentOnce(key=key[:160], sent_at=clock.now()))
    except IntegrityError:
        return False
    send_mail(db, clock, to=to, subject=subject, text=text, html=html, headers=headers)
    return True


def already_sent(db: Session, key: str) -> bool:
    return db.get(SentOnce, key[:160]) is not None


def mark_sent(db: Session, clock: Clock, key: str) -> None:
    """Record the key without a mail of its own: another mail already covered it (the
    subscribe receipt names the first charge, which then gets no receipt of its own)."""
    if already_sent(db, key):
        return
    try:
        with db.begin_nested():
            db.add(SentOnce(key=key[:160], sent_at=clock.now()))
    except IntegrityError:
        return


def dev_mailbox(db: Session, *, to: str | None = None, limit: int = 200) -> list[MailboxEntry]:
    """The dev mailbox's newest mail (to one address, or to anyone), newest first."""
    return [
        MailboxEntry(
            id=mail.id,
            to=mail.to_address,
            subject=mail.subject,
            text=mail.text,
            headers=dict(mail.headers or {}),
            delivered_at=mail.delivered_at,
        )
        for mail in repository.newest(db, to=to, limit=limit)
    ]


def delivered_mail(db: Session, mail_id: int) -> DeliveredMail | None:
    return repository.get(db, mail_id)


def newest_delivered(db: Session, limit: int) -> Sequence[DeliveredMail]:
    return repository.newest(db, limit=limit)
