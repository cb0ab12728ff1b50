"""What other parts may use of text alerts: the SMS adapter's interface and outbox topic (the
wiring), a STOP reply from a number (an SMS provider's inbound webhook, or the dev outbox),
and a reader's text alerts for their data file."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from masthead.texts import repository
from masthead.texts.sender import TOPIC, SmsSender, deliver
from masthead.texts.service import stop_reply


@dataclass(frozen=True)
class ReaderConsent:
    phone_number: str
    wording: str
    given_at: datetime
    source: str
    withdrawn_at: datetime | None
    withdrawn_by: str | None


@dataclass(frozen=True)
class ReaderTextAlerts:
    opted_in: bool
    phone_number: str | None
    consents: list[ReaderConsent]


def reader_text_alerts(db: Session, user_id: int) -> ReaderTextAlerts:
    alert = repository.alert_of(db, user_id)
    return ReaderTextAlerts(
        opted_in=bool(alert and alert.opted_in),
        phone_number=alert.phone_e164 if alert else None,
        consents=[
            ReaderConsent(
                row.phone_e164,
                row.wording,
                row.given_at,
                row.source,
                row.withdrawn_at,
                row.withdrawn_by,
            )
            for row in repository.consents_of(db, user_id)
        ],
    )


__all__ = [
    "TOPIC",
    "ReaderConsent",
    "ReaderTextAlerts",
    "SmsSender",
    "deliver",
    "reader_text_alerts",
    "stop_reply",
]
