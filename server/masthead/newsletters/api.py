"""What other parts may use of newsletters: the outbox topic and its handler (the worker's
wiring), the reader's subscriptions for their data file, and forgetting an erased account's
address."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from masthead.newsletters import repository
from masthead.newsletters.provider import TOPIC, push_change


@dataclass(frozen=True)
class ReaderNewsletter:
    list_id: int
    name: str
    group: str
    since: datetime


def reader_newsletters(db: Session, user_id: int) -> list[ReaderNewsletter]:
    return [
        ReaderNewsletter(row.id, row.name, row.group, since)
        for row, since in repository.subscriptions_of(db, user_id)
    ]


def forget_reader(db: Session, email: str) -> None:
    """An account being erased: its subscriptions go with the account row (CASCADE); what the
    embedded provider recorded under its address goes here."""
    repository.forget_pushes(db, email)


__all__ = ["TOPIC", "ReaderNewsletter", "forget_reader", "push_change", "reader_newsletters"]
