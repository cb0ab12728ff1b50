"""Every query of text alerts."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.texts.models import TextAlert, TextConsent


def alert_of(db: Session, user_id: int) -> TextAlert | None:
    return db.get(TextAlert, user_id)


def consent(db: Session, consent_id: int | None) -> TextConsent | None:
    return None if consent_id is None else db.get(TextConsent, consent_id)


def consents_of(db: Session, user_id: int) -> Sequence[TextConsent]:
    return db.scalars(
        select(TextConsent).where(TextConsent.user_id == user_id).order_by(TextConsent.id)
    ).all()


def opted_in_at(db: Session, phone_e164: str) -> Sequence[TextAlert]:
    """Every reader whose alerts go to this number now (a family may share one)."""
    return db.scalars(
        select(TextAlert)
        .where(TextAlert.phone_e164 == phone_e164, TextAlert.opted_in.is_(True))
        .order_by(TextAlert.user_id)
    ).all()


def add_consent(
    db: Session, user_id: int, phone_e164: str, wording: str, source: str, at: datetime
) -> TextConsent:
    row = TextConsent(
        user_id=user_id, phone_e164=phone_e164, wording=wording, given_at=at, source=source
    )
    db.add(row)
    db.flush()  # its id keys the confirmation text
    return row


def withdraw(db: Session, row: TextConsent | None, by: str, at: datetime) -> None:
    if row is not None and row.withdrawn_at is None:
        row.withdrawn_at, row.withdrawn_by = at, by


def add_alert(db: Session, user_id: int, phone_e164: str, consent_id: int, at: datetime) -> None:
    db.add(
        TextAlert(
            user_id=user_id,
            phone_e164=phone_e164,
            opted_in=True,
            consent_id=consent_id,
            updated_at=at,
        )
    )
    db.flush()
