"""Every hand-off query."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from masthead.identity.handoff.models import HandoffCode
from masthead.identity.models import AuthSession


def add_code(db: Session, code: HandoffCode) -> None:
    db.add(code)


def code_by_hash(db: Session, code_hash: str) -> HandoffCode | None:
    """Locked: two redemptions of one code wait for each other, and the second sees it used."""
    return db.scalars(
        select(HandoffCode).where(HandoffCode.code_hash == code_hash).with_for_update()
    ).first()


def mark_used(db: Session, code_id: int, now: datetime) -> bool:
    """Spend the code; False when another redemption spent it first."""
    result = db.execute(
        update(HandoffCode)
        .where(HandoffCode.id == code_id, HandoffCode.used_at.is_(None))
        .values(used_at=now)
    )
    return bool(getattr(result, "rowcount", 0))


def session_family(db: Session, session_id: int) -> str | None:
    return db.scalar(select(AuthSession.family).where(AuthSession.id == session_id))


def set_session_family(db: Session, session_id: int, family: str) -> None:
    db.execute(update(AuthSession).where(AuthSession.id == session_id).values(family=family))


def forget_codes_before(db: Session, moment: datetime) -> None:
    """Codes minted before the moment (an hour ago: all long expired) are of no use; minting
    clears them, by the indexed minting time."""
    db.execute(delete(HandoffCode).where(HandoffCode.created_at < moment))
