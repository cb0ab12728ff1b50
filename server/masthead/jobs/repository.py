"""Every outbox query: claim a due job, then record how it ended."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select, update
from sqlalchemy.orm import Session

from masthead.jobs.models import OutboxJob


@dataclass(frozen=True)
class ClaimedJob:
    id: int
    topic: str
    payload: dict[str, Any]
    attempts: int  # including the run this claim is for
    request_id: str | None = None  # the request that queued it


def claim_next(db: Session, now: datetime, lease_until: datetime) -> ClaimedJob | None:
    """Take the oldest due pending job, or None.

    The claim leases the job: run_after moves to lease_until, so no other worker takes it
    while it runs, and a worker that dies mid-job only delays it. One UPDATE both picks and
    leases the row: on PostgreSQL the picking subquery skips rows other workers hold
    (FOR UPDATE SKIP LOCKED); SQLite runs the whole statement under its single write lock.
    The attempt is counted at claim time, so a job that kills its worker still runs out of
    attempts.
    """
    due = (OutboxJob.status == "pending") & (OutboxJob.run_after <= now)
    # A read first: an idle worker polling with UPDATE would take SQLite's write lock
    # several times a second and make readers' writes wait.
    if db.scalar(select(OutboxJob.id).where(due).limit(1)) is None:
        return None
    pick = (
        select(OutboxJob.id)
        .where(due)
        .order_by(OutboxJob.run_after, OutboxJob.id)
        .limit(1)
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )
    statement = (
        update(OutboxJob)
        .where(OutboxJob.id == pick, due)
        .values(run_after=lease_until, attempts=OutboxJob.attempts + 1)
        .returning(
            OutboxJob.id,
            OutboxJob.topic,
            OutboxJob.payload,
            OutboxJob.attempts,
            OutboxJob.request_id,
        )
        .execution_options(synchronize_session=False)
    )
    row = db.execute(statement).one_or_none()
    if row is None:
        return None
    return ClaimedJob(
        id=row.id,
        topic=row.topic,
        payload=row.payload,
        attempts=row.attempts,
        request_id=row.request_id,
    )


def extend_lease(db: Session, job_id: int, lease_until: datetime) -> None:
    """Keep a running job hidden from other workers a while longer (runner.LeaseKeeper)."""
    db.execute(
        update(OutboxJob)
        .where(OutboxJob.id == job_id, OutboxJob.status == "pending")
        .values(run_after=lease_until)
        .execution_options(synchronize_session=False)
    )


def mark_done(db: Session, job_id: int, now: datetime) -> None:
    db.execute(
        update(OutboxJob)
        .where(OutboxJob.id == job_id)
        .values(status="done", done_at=now, last_error=None)
        .execution_options(synchronize_session=False)
    )


def mark_failed_attempt(db: Session, job_id: int, error: str, *, retry_at: datetime | None) -> None:
    """Reschedule the job at retry_at, or give up on it when retry_at is None."""
    values: dict[str, Any] = {"last_error": error}
    if retry_at is None:
        values["status"] = "failed"
    else:
        values["run_after"] = retry_at
    db.execute(
        update(OutboxJob)
        .where(OutboxJob.id == job_id)
        .values(**values)
        .execution_options(synchronize_session=False)
    )


@dataclass(frozen=True)
class QueueFigures:
    counts: dict[str, int]  # due, scheduled, running, failed
    oldest_due_seconds: float


def queue_figures(db: Session, now: datetime) -> QueueFigures:
    """The outbox at a glance, in one query: a pending job whose run_after has passed is due;
    one in the future is scheduled, unless it was claimed (attempted, leased) — then running
    while its lease lasts. A retry's backoff also counts as scheduled."""
    pending = OutboxJob.status == "pending"
    due = pending & (OutboxJob.run_after <= now)
    row = db.execute(
        select(
            func.count().filter(due),
            func.count().filter(pending & (OutboxJob.run_after > now)),
            func.count().filter(OutboxJob.status == "failed"),
            func.min(case((due, OutboxJob.run_after))),
        )
    ).one()
    oldest = row[3]
    return QueueFigures(
        counts={"due": row[0], "scheduled_or_running": row[1], "failed": row[2]},
        oldest_due_seconds=max(0.0, (now - oldest).total_seconds()) if oldest else 0.0,
    )


def pending_of_topic(db: Session, topic: str) -> list[tuple[int, dict[str, Any]]]:
    """(id, payload) of a topic's jobs not yet done, running ones included, oldest first."""
    rows = db.execute(
        select(OutboxJob.id, OutboxJob.payload)
        .where(OutboxJob.topic == topic, OutboxJob.status == "pending")
        .order_by(OutboxJob.id)
    ).all()
    return [(row[0], row[1]) for row in rows]
