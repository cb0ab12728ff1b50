"""Every query of the dev text outbox."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.sms_outbox.models import DevText


def has_key(db: Session, key: str) -> bool:
    return db.scalar(select(DevText.id).where(DevText.key == key)) is not None


def add(db: Session, *, key: str, to: str, body: str, at: datetime) -> None:
    db.add(DevText(key=key, to_number=to, body=body, sent_at=at))
    db.flush()


def newest(db: Session, *, to: str | None = None, limit: int = 200) -> Sequence[DevText]:
    query = select(DevText).order_by(DevText.id.desc()).limit(limit)
    if to is not None:
        query = query.where(DevText.to_number == to)
    return db.scalars(query).all()


def get(db: Session, text_id: int) -> DevText | None:
    return db.get(DevText, text_id)
