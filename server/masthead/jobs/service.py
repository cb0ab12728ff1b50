"""Enqueue background work inside the caller's transaction."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import insert
from sqlalchemy.orm import Session

from masthead.clock import Clock
from masthead.jobs.models import OutboxJob
from masthead.logs import request_id


def enqueue(
    db: Session,
    clock: Clock,
    topic: str,
    payload: dict[str, Any],
    delay: timedelta = timedelta(0),
) -> OutboxJob:
    now = clock.now()
    job = OutboxJob(
        topic=topic,
        payload=payload,
        status="pending",
        attempts=0,
        run_after=now + delay,
        created_at=now,
        request_id=request_id.get(),
    )
    db.add(job)
    return job


def enqueue_many(db: Session, clock: Clock, topic: str, payloads: list[dict[str, Any]]) -> None:
    """Many jobs in one multi-row INSERT, in the order given, due now: for bulk work (a
    billing run) where one ORM object per job would cost more than the work itself."""
    if not payloads:
        return
    now = clock.now()
    rid = request_id.get()
    db.execute(
        insert(OutboxJob),
        [
            {
                "topic": topic,
                "payload": payload,
                "status": "pending",
                "attempts": 0,
                "run_after": now,
                "created_at": now,
                "request_id": rid,
            }
            for payload in payloads
        ],
    )
