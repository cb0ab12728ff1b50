"""Drains the outbox: runs each due job's handler, retrying failures with backoff.

Delivery is at least once: a handler that succeeds but whose worker dies before recording
it runs again, so handlers must tolerate repeats. Each run knows its job's delivery key
(`delivery_key()`, the same on every attempt of one job): mail carries it as its Message-ID
and webhooks as their Idempotency-Key, so a receiver (and the dev mailbox) sees a repeat as
the same delivery.

A claim is a lease (MASTHEAD_JOB_LEASE_SECONDS) that the running worker keeps renewing
(LeaseKeeper): a worker killed mid-job leaves it to the others within the lease, not after the
longest a handler might run.
"""

from __future__ import annotations

import logging
import threading
import time
from contextvars import ContextVar
from datetime import timedelta

from masthead.deps import Runtime
from masthead.jobs import repository
from masthead.jobs.repository import ClaimedJob
from masthead.logs import request_id

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
MAX_BACKOFF = timedelta(hours=1)
# A claimed job is hidden from other workers for the lease (lease_of), renewed this many times
# per lease while its handler runs: a renewal may fail or come late twice before it lapses.
RENEWALS_PER_LEASE = 3
POLL_SECONDS = 0.2
ERROR_PAUSE_SECONDS = 2.0
# The loop checks for stop between batches, so a small batch keeps shutdown quick.
LOOP_BATCH = 10
MAX_ERROR_CHARS = 2000


class UnknownTopicError(LookupError):
    pass


_current_job: ContextVar[int | None] = ContextVar("masthead_current_job", default=None)


def delivery_key() -> str | None:
    """The running job's key for its receivers to deduplicate on, or None outside a job."""
    job_id = _current_job.get()
    return None if job_id is None else f"masthead-job-{job_id}"


def lease_of(runtime: Runtime) -> timedelta:
    """How long a claim hides a job from the other workers: a dead worker's job is picked up
    again within it."""
    return timedelta(seconds=runtime.settings.job_lease_seconds)


class LeaseKeeper:
    """Renews a running job's lease RENEWALS_PER_LEASE times per lease until stopped."""

    def __init__(self, runtime: Runtime, job_id: int) -> None:
        self._runtime = runtime
        self._job_id = job_id
        self._lease = lease_of(runtime)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._renew, name="masthead-lease", daemon=True)

    def __enter__(self) -> LeaseKeeper:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _renew(self) -> None:
        every = self._lease.total_seconds() / RENEWALS_PER_LEASE
        while not self._stop.wait(every):
            try:
                with self._runtime.sessions.begin() as db:
                    now = self._runtime.clock.now()
                    repository.extend_lease(db, self._job_id, now + self._lease)
            except Exception:  # the database away a moment: the next renewal tries again
                log.warning("could not renew the lease of outbox job %s", self._job_id)


def backoff(attempts: int) -> timedelta:
    """Delay before the next try after the attempts-th failed one."""
    return min(timedelta(seconds=2**attempts), MAX_BACKOFF)


def drain_once(runtime: Runtime, limit: int = 100) -> int:
    """Run up to limit due jobs, each claimed and settled in its own transaction."""
    processed = 0
    while processed < limit:
        now = runtime.clock.now()
        with runtime.sessions.begin() as db:
            job = repository.claim_next(db, now, now + lease_of(runtime))
        if job is None:
            break
        _run(runtime, job)
        processed += 1
    return processed


def _run(runtime: Runtime, job: ClaimedJob) -> None:
    # The job's log lines carry the id of the request that queued it.
    request_token = request_id.set(job.request_id)
    job_token = _current_job.set(job.id)
    try:
        try:
            handler = runtime.background.handlers.get(job.topic)
            if handler is None:
                # Retried like any failure: during a rolling deploy a newer worker may know it.
                raise UnknownTopicError(f"no handler is registered for topic {job.topic!r}")
            with LeaseKeeper(runtime, job.id):
                handler(runtime, job.payload)
        except Exception as exc:
            _record_failure(runtime, job, exc)
            return
        with runtime.sessions.begin() as db:
            repository.mark_done(db, job.id, runtime.clock.now())
    finally:
        _current_job.reset(job_token)
        request_id.reset(request_token)


def _record_failure(runtime: Runtime, job: ClaimedJob, exc: Exception) -> None:
    error = f"{type(exc).__name__}: {exc}"[:MAX_ERROR_CHARS]
    retry_at = None
    if job.attempts < MAX_ATTEMPTS:
        retry_at = runtime.clock.now() + backoff(job.attempts)
        log.warning(
            "outbox job %s (%s) failed, attempt %s: %s", job.id, job.topic, job.attempts, error
        )
    else:
        log.error(
            "outbox job %s (%s) failed for good after %s attempts: %s",
            job.id,
            job.topic,
            job.attempts,
            error,
        )
    with runtime.sessions.begin() as db:
        repository.mark_failed_attempt(db, job.id, error, retry_at=retry_at)


def run_until_stopped(runtime: Runtime, stop: threading.Event) -> None:
    """Drain, poll while idle, survive errors (a database restart, say) until stop is set."""
    last_runs: dict[int, float] = {}
    while not stop.is_set():
        run_periodic(runtime, last_runs)
        try:
            busy = drain_once(runtime, LOOP_BATCH) > 0
        except Exception:
            log.exception("outbox worker: draining failed; trying again shortly")
            stop.wait(ERROR_PAUSE_SECONDS)
            continue
        if not busy:
            stop.wait(POLL_SECONDS)


def run_periodic(runtime: Runtime, last_runs: dict[int, float]) -> None:
    """Run each periodic hook whose interval has passed since its last run (or never ran)."""
    for index, (interval, hook) in enumerate(runtime.background.periodic):
        now = time.monotonic()
        if index in last_runs and now - last_runs[index] < interval:
            continue
        last_runs[index] = now  # also after a failure: a broken hook must not spin the loop
        try:
            hook(runtime)
        except Exception:
            log.exception("periodic job %s failed", getattr(hook, "__name__", hook))


class WorkerHandle:
    def __init__(self, thread: threading.Thread, stop_event: threading.Event) -> None:
        self._thread = thread
        self._stop = stop_event

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def stop(self, timeout: float = 30.0) -> None:
        """Finish the job in hand, then end the thread."""
        self._stop.set()
        self._thread.join(timeout)


def start_inprocess_worker(runtime: Runtime) -> WorkerHandle:
    stop_event = threading.Event()
    thread = threading.Thread(
        target=run_until_stopped, args=(runtime, stop_event), name="masthead-outbox", daemon=True
    )
    thread.start()
    return WorkerHandle(thread, stop_event)


def queue_figures(runtime: Runtime) -> repository.QueueFigures:
    """The outbox's depth and its oldest due job's age, for /metrics."""
    with runtime.sessions() as db:
        return repository.queue_figures(db, runtime.clock.now())
