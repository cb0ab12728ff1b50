"""Every query of member events."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.member_events.models import MemberEvent

UPCOMING_SHOWN = 20  # members see the next few; the list is short by nature


def every_event(db: Session) -> list[MemberEvent]:
    """For editors: all of them, past ones too, soonest first."""
    return list(db.scalars(select(MemberEvent).order_by(MemberEvent.starts_at, MemberEvent.id)))


def upcoming(db: Session, now: datetime) -> list[MemberEvent]:
    query = (
        select(MemberEvent)
        .where(MemberEvent.starts_at >= now)
        .order_by(MemberEvent.starts_at, MemberEvent.id)
        .limit(UPCOMING_SHOWN)
    )
    return list(db.scalars(query))


def event(db: Session, event_id: int) -> MemberEvent | None:
    return db.get(MemberEvent, event_id)


def titles(db: Session) -> set[str]:
    return set(db.scalars(select(MemberEvent.title)))


def add(db: Session, row: MemberEvent) -> MemberEvent:
    db.add(row)
    db.flush()  # the id, for the answer and the audit entry
    return row


def remove(db: Session, row: MemberEvent) -> None:
    db.delete(row)
    db.flush()
