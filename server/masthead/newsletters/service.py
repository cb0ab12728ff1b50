"""The newsletters call's rules: read, update and account_change for the signed-in reader.
Every change is written to Masthead's records and queued for the provider in one
transaction (the outbox), so the two never disagree for long and nothing is half-written."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.api import Reader
from masthead.jobs.api import enqueue
from masthead.newsletters import gate, repository
from masthead.newsletters.groups import GROUPS, parse_ids
from masthead.newsletters.models import NewsletterList
from masthead.newsletters.one_click.welcome import send_welcomes
from masthead.newsletters.provider import TOPIC
from masthead.newsletters.schemas import NewsletterListOut, NewslettersOut, UserInfo

EMAIL_MISMATCH = "You can only read and change the newsletters of the account you are signed in to."
NOT_MEMBER = (
    "Exclusive newsletters are for members and home delivery subscribers. "
    "Join the membership to sign up for them."
)


class NewsletterError(Exception):
    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status, self.type, self.message = status, type_, message


def check_email(reader: Reader, email: str) -> None:
    if email.strip().lower() != reader.email.lower():
        raise NewsletterError(403, "email-mismatch", EMAIL_MISMATCH)


def read(db: Session, rt: Runtime, reader: Reader) -> NewslettersOut:
    grouped: dict[str, list[NewsletterListOut]] = {group: [] for group in GROUPS}
    for row in repository.live_lists(db):
        grouped.setdefault(row.group, []).append(_list_out(row))
    paused_row = repository.reader_row(db, reader.user_id)
    return NewslettersOut(
        lists=grouped,
        userinfo=UserInfo(
            list_subscriptions=repository.subscribed_ids(db, reader.user_id),
            paused=bool(paused_row and paused_row.paused),
        ),
        membership=gate.membership(db, rt, reader),
    )


def update(
    db: Session, rt: Runtime, reader: Reader, subscribe: str | None, unsubscribe: str | None
) -> NewslettersOut:
    try:
        joining = parse_ids("subscribe", subscribe)
        leaving = parse_ids("unsubscribe", unsubscribe)
    except ValueError as exc:
        raise NewsletterError(400, "bad-request", str(exc)) from None
    if not joining and not leaving:  # spec section 5: nothing happens
        return read(db, rt, reader)
    both = sorted(set(joining) & set(leaving))
    if both:
        raise NewsletterError(
            400,
            "both-lists",
            f"A newsletter cannot be in both subscribe and unsubscribe: {_ids(both)}.",
        )
    known = repository.lists_by_id(db, joining + leaving)
    missing = [i for i in joining + leaving if i not in known]
    retired = [i for i in joining if i in known and known[i].retired]
    if missing or retired:
        raise NewsletterError(
            400,
            "unknown-newsletter",
            f"There is no newsletter to sign up for with id {_ids(missing + retired)}.",
        )
    exclusive = any(known[i].exclusive for i in joining)
    if exclusive and not gate.membership(db, rt, reader).exclusiveAccess:
        raise NewsletterError(403, "not-entitled", NOT_MEMBER)
    _apply(db, rt, reader, joining, leaving, known)
    return read(db, rt, reader)


def _apply(
    db: Session,
    rt: Runtime,
    reader: Reader,
    joining: list[int],
    leaving: list[int],
    known: dict[int, NewsletterList],
) -> None:
    current = set(repository.subscribed_ids(db, reader.user_id))
    added = [i for i in joining if i not in current]
    removed = [i for i in leaving if i in current]
    try:
        with db.begin_nested():
            repository.add_subscriptions(db, reader.user_id, added, rt.clock.now())
            db.flush()
    except IntegrityError:
        # A second tab subscribed at the same moment: it wrote those rows, they are the same.
        current = set(repository.subscribed_ids(db, reader.user_id))
        added = []
    repository.remove_subscriptions(db, reader.user_id, removed)
    # The welcome of each list joined, with its unsubscribe headers (one_click/welcome.py).
    send_welcomes(db, rt, reader, [known[i] for i in added])
    if added or removed:
        _push(
            db,
            rt,
            reader,
            "lists",
            {
                "subscribe": [known[i].st_id for i in added],
                "unsubscribe": [known[i].st_id for i in removed],
            },
        )


def account_change(db: Session, rt: Runtime, reader: Reader, paused: bool) -> NewslettersOut:
    repository.set_paused(db, reader.user_id, paused, rt.clock.now())
    _push(db, rt, reader, "account_change", {"pause_membership": paused})
    return read(db, rt, reader)


def _push(db: Session, rt: Runtime, reader: Reader, kind: str, change: dict[str, Any]) -> None:
    payload = {"change_id": uuid.uuid4().hex, "email": reader.email, "kind": kind, **change}
    enqueue(db, rt.clock, TOPIC, payload)


def _list_out(row: NewsletterList) -> NewsletterListOut:
    return NewsletterListOut(
        id=row.id,
        st_id=row.st_id,
        name=row.name,
        description=row.description,
        group=row.group,
        exclusive=row.exclusive,
    )


def _ids(ids: list[int]) -> str:
    return ", ".join(str(i) for i in ids)
