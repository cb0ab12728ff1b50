"""Every dev mailbox query."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from masthead.mail.models import DeliveredMail


def add_delivered(
    db: Session,
    *,
    to: str,
    subject: str,
    text: str,
    at: datetime,
    headers: dict[str, str] | None = None,
    message_id: str | None = None,
) -> None:
    """Keep a delivered mail, once per Message-ID (a repeated delivery is the same mail)."""
    if message_id is not None and db.scalar(
        select(DeliveredMail.id).where(DeliveredMail.message_id == message_id)
    ):
        return
    db.add(
        DeliveredMail(
            to_address=to,
            subject=subject,
            text=text,
            headers=headers or {},
            delivered_at=at,
            message_id=message_id,
        )
    )


def newest(db: Session, *, to: str | None = None, limit: int = 200) -> Sequence[DeliveredMail]:
    query = select(DeliveredMail)
    if to:
        query = query.where(func.lower(DeliveredMail.to_address) == to.strip().lower())
    query = query.order_by(DeliveredMail.delivered_at.desc(), DeliveredMail.id.desc()).limit(limit)
    return db.scalars(query).all()


def get(db: Session, mail_id: int) -> DeliveredMail | None:
    return db.get(DeliveredMail, mail_id)
