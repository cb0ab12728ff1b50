"""Feedback's public face: the reader's messages for their data file, and erasing them with
the account."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from masthead.feedback import repository


@dataclass(frozen=True)
class ReaderFeedback:
    topic: str
    message: str
    may_reply: bool
    brand: str
    created_at: datetime


def reader_feedback(db: Session, user_id: int) -> list[ReaderFeedback]:
    return [
        ReaderFeedback(row.topic, row.message, row.may_reply, row.brand, row.created_at)
        for row in repository.of_account(db, user_id)
    ]


def forget_reader(db: Session, user_id: int) -> None:
    """A deleted account's feedback goes with it: it names the reader and what they wrote."""
    repository.erase_account(db, user_id)


__all__ = ["ReaderFeedback", "forget_reader", "reader_feedback"]
