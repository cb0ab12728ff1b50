"""The context every sandbox operation runs in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy.orm import Session

from masthead.clock import Clock
from masthead.settings import Settings


@dataclass
class Ctx:
    """One unit of sandbox work: its session, the time it happens at, the merchant keys."""

    db: Session
    clock: Clock
    settings: Settings
    now: datetime

    @property
    def today(self) -> date:
        return self.now.date()

    @classmethod
    def at_clock(cls, db: Session, clock: Clock, settings: Settings) -> Ctx:
        # Whole seconds, as Braintree's timestamps: both gateways then report equal times.
        return cls(db, clock, settings, clock.now().replace(microsecond=0))
