"""The dev outbox as an SMS sender (texts' SmsSender), what it shows, and its stand-in for a
provider's inbound STOP webhook."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from masthead.clock import Clock
from masthead.deps import Runtime
from masthead.sms_outbox import repository
from masthead.sms_outbox.models import DevText
from masthead.texts.api import stop_reply


class DevOutboxSender:
    """Keeps each text in dev_text_outbox instead of sending it; a key it has stored is not
    stored again (the unique key settles two workers racing on one job)."""

    def __init__(self, sessions: sessionmaker[Session], clock: Clock) -> None:
        self.sessions, self.clock = sessions, clock

    def send(self, to_e164: str, body: str, key: str) -> None:
        with self.sessions.begin() as db:
            if repository.has_key(db, key):
                return
            try:
                with db.begin_nested():
                    repository.add(db, key=key, to=to_e164, body=body, at=self.clock.now())
            except IntegrityError:
                return


def newest(db: Session, *, to: str | None = None, limit: int = 200) -> Sequence[DevText]:
    return repository.newest(db, to=to, limit=limit)


def reply_stop(db: Session, rt: Runtime, text_id: int) -> DevText | None:
    """The reader answered this text with STOP, as a provider's inbound webhook reports."""
    text = repository.get(db, text_id)
    if text is None:
        return None
    text.stop_replied_at = rt.clock.now()
    stop_reply(db, rt, text.to_number)
    return text
