"""The dev text outbox as JSON, for e2e tests."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel


class DevTextOut(BaseModel):
    id: int
    to: str
    body: str
    sent_at: datetime
    stop_replied: bool
