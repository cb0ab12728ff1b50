"""Every feedback query."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, delete, func, or_, select
from sqlalchemy.orm import Session

from masthead.feedback.models import FeedbackMessage
from masthead.identity.api import Profile


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


@dataclass(frozen=True)
class Filters:
    topic: str | None = None
    brand: str | None = None
    text: str | None = None  # found in the message or the address, any case


def newest(
    db: Session, filters: Filters, before: tuple[datetime, int] | None, limit: int
) -> Sequence[FeedbackMessage]:
    """A page of messages, newest first, from just after `before` (created_at, id)."""
    query = select(FeedbackMessage)
    if filters.topic is not None:
        query = query.where(FeedbackMessage.topic == filters.topic)
    if filters.brand is not None:
        query = query.where(FeedbackMessage.brand == filters.brand)
    if filters.text:
        # A contains-search scans the table: feedback is a few messages a day, read by staff.
        needle = filters.text.lower()
        query = query.where(
            or_(
                func.lower(FeedbackMessage.message).contains(needle, autoescape=True),
                func.lower(FeedbackMessage.email).contains(needle, autoescape=True),
            )
        )
    if before is not None:
        at, before_id = before  # spelt out: a row value would bind the time untyped
        query = query.where(
            or_(
                FeedbackMessage.created_at < at,
                and_(FeedbackMessage.created_at == at, FeedbackMessage.id < before_id),
            )
        )
    order = (FeedbackMessage.created_at.desc(), FeedbackMessage.id.desc())
    return db.scalars(query.order_by(*order).limit(limit)).all()


def names_of(db: Session, account_ids: set[int]) -> dict[int, dict[str, Any]]:
    """The profile attributes of the accounts that still exist, by id."""
    if not account_ids:
        return {}
    rows = db.execute(
        select(Profile.user_id, Profile.attributes).where(Profile.user_id.in_(account_ids))
    )
    return {user_id: attributes or {} for user_id, attributes in rows}
