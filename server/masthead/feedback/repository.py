"""Every feedback query."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from masthead.feedback.models import FeedbackMessage


def add(db: Session, message: FeedbackMessage) -> None:
    db.add(message)
    db.flush()  # its id names the mail's once-only key


def of_account(db: Session, account_id: int) -> Sequence[FeedbackMessage]:
    return db.scalars(
        select(FeedbackMessage)
        .where(FeedbackMessage.account_id == account_id)
        .order_by(FeedbackMessage.created_at, FeedbackMessage.id)
    ).all()


def erase_account(db: Session, account_id: int) -> None:
    db.execute(delete(FeedbackMessage).where(FeedbackMessage.account_id == account_id))
