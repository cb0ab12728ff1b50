"""Enqueue background work inside the caller's transaction."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masthead.clock import Clock
from masthead.jobs.models import OutboxJob


def enqueue(db: Session, clock: Clock, topic: str, payload: dict[str, Any]) -> OutboxJob:
    now = clock.now()
    job = OutboxJob(
        topic=topic, payload=payload, status="pending", attempts=0, run_after=now, created_at=now
    )
    db.add(job)
    return job
