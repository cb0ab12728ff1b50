"""The outbox runner: due jobs run once, failures back off and give up, claims are leased."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs import repository
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import MAX_ATTEMPTS, backoff, delivery_key, drain_once, lease_of
from masthead.jobs.service import enqueue


def _enqueue(runtime: Runtime, clock: FrozenClock, topic: str, **payload: Any) -> int:
    with runtime.sessions.begin() as db:
        job = enqueue(db, clock, topic, payload)
        db.flush()
        return job.id


def _job(runtime: Runtime, job_id: int) -> OutboxJob:
    with runtime.sessions() as db:
        job = db.get(OutboxJob, job_id)
        assert job is not None
        return job


def _boom(runtime: Runtime, payload: dict[str, Any]) -> None:
    raise RuntimeError(f"boom {payload['n']}")


def test_backoff_doubles_and_is_capped_at_an_hour() -> None:
    assert [backoff(n).total_seconds() for n in range(1, 9)] == [2, 4, 8, 16, 32, 64, 128, 256]
    assert backoff(12) == timedelta(hours=1)
    assert backoff(40) == timedelta(hours=1)


def test_failing_job_is_retried_with_backoff_then_failed(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(runtime.background.handlers, "test.boom", _boom)
    job_id = _enqueue(runtime, clock, "test.boom", n=7)

    for attempt in range(1, MAX_ATTEMPTS):
        assert drain_once(runtime) == 1
        job = _job(runtime, job_id)
        assert (job.status, job.attempts, job.last_error) == (
            "pending",
            attempt,
            "RuntimeError: boom 7",
        )
        assert job.run_after == clock.now() + backoff(attempt)
        clock.advance(backoff(attempt) - timedelta(seconds=1))
        assert drain_once(runtime) == 0  # not due yet
        clock.advance(timedelta(seconds=1))

    assert drain_once(runtime) == 1
    job = _job(runtime, job_id)
    assert (job.status, job.attempts, job.done_at) == ("failed", MAX_ATTEMPTS, None)
    assert job.last_error == "RuntimeError: boom 7"
    clock.advance(timedelta(days=1))
    assert drain_once(runtime) == 0


def test_job_that_fails_once_then_succeeds_is_done(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def flaky(_runtime: Runtime, payload: dict[str, Any]) -> None:
        calls.append(payload["n"])
        if len(calls) == 1:
            raise ConnectionError("try later")

    monkeypatch.setitem(runtime.background.handlers, "test.flaky", flaky)
    job_id = _enqueue(runtime, clock, "test.flaky", n=1)
    assert drain_once(runtime) == 1
    clock.advance(backoff(1))
    assert drain_once(runtime) == 1

    job = _job(runtime, job_id)
    assert (job.status, job.attempts, job.last_error) == ("done", 2, None)
    assert job.done_at == clock.now()
    assert calls == [1, 1]


def test_unknown_topic_is_recorded_and_other_jobs_still_run(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[int] = []
    monkeypatch.setitem(
        runtime.background.handlers, "test.ok", lambda _rt, payload: seen.append(payload["n"])
    )
    unknown = _enqueue(runtime, clock, "test.nobody-handles-this")
    known = _enqueue(runtime, clock, "test.ok", n=2)

    assert drain_once(runtime) == 2

    job = _job(runtime, unknown)
    assert (job.status, job.attempts) == ("pending", 1)
    assert job.last_error == (
        "UnknownTopicError: no handler is registered for topic 'test.nobody-handles-this'"
    )
    assert _job(runtime, known).status == "done"
    assert seen == [2]


def test_jobs_run_oldest_first_up_to_the_limit(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[int] = []
    monkeypatch.setitem(
        runtime.background.handlers, "test.ok", lambda _rt, payload: seen.append(payload["n"])
    )
    for n in range(5):
        _enqueue(runtime, clock, "test.ok", n=n)

    assert drain_once(runtime, limit=3) == 3
    assert drain_once(runtime) == 2
    assert drain_once(runtime) == 0
    assert seen == [0, 1, 2, 3, 4]


def test_claimed_job_is_hidden_until_its_lease_ends(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[int] = []
    monkeypatch.setitem(
        runtime.background.handlers, "test.ok", lambda _rt, payload: seen.append(payload["n"])
    )
    job_id = _enqueue(runtime, clock, "test.ok", n=1)
    lease = lease_of(runtime)
    with runtime.sessions.begin() as db:  # a worker claims the job, then dies
        claimed = repository.claim_next(db, clock.now(), clock.now() + lease)
    assert claimed is not None
    assert (claimed.id, claimed.attempts) == (job_id, 1)

    assert drain_once(runtime) == 0
    clock.advance(lease)
    assert drain_once(runtime) == 1

    job = _job(runtime, job_id)
    assert (job.status, job.attempts) == ("done", 2)
    assert seen == [1]


def test_concurrent_drains_run_each_job_exactly_once(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[int] = []
    lock = threading.Lock()

    def record(_runtime: Runtime, payload: dict[str, Any]) -> None:
        with lock:
            seen.append(payload["n"])

    monkeypatch.setitem(runtime.background.handlers, "test.count", record)
    for n in range(40):
        _enqueue(runtime, clock, "test.count", n=n)

    counts: list[int] = []
    errors: list[BaseException] = []

    def drain() -> None:
        try:
            counts.append(drain_once(runtime))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=drain) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert errors == []
    assert sorted(seen) == list(range(40))
    assert sum(counts) == 40
    with runtime.sessions() as db:
        assert set(db.scalars(select(OutboxJob.status))) == {"done"}


def test_a_running_job_keeps_its_lease_and_a_dead_workers_job_is_taken_within_it(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While its handler runs the worker renews the claim, so no second worker starts the
    job; a claim nobody renews (its worker was killed) is due again a lease later."""
    monkeypatch.setattr("masthead.jobs.runner.RENEWALS_PER_LEASE", 1500)  # every 0.02 s
    seen_lease: list[Any] = []
    lease = lease_of(runtime)

    def slow(rt: Runtime, payload: dict[str, Any]) -> None:
        clock.advance(timedelta(seconds=20))  # the handler takes a while, by the clock
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # until a renewal since then is committed
            renewed = _job(rt, job_id).run_after
            if renewed > started + lease:
                seen_lease.append(renewed)
                return
            time.sleep(0.02)

    monkeypatch.setitem(runtime.background.handlers, "test.slow", slow)
    job_id = _enqueue(runtime, clock, "test.slow")
    started = clock.now()
    assert drain_once(runtime) == 1
    assert seen_lease == [started + timedelta(seconds=20) + lease]  # renewed past the first
    assert _job(runtime, job_id).status == "done"

    # A worker that claimed a job and died: the next worker takes it once the lease has passed.
    monkeypatch.setitem(runtime.background.handlers, "test.slow", lambda rt, payload: None)
    orphan = _enqueue(runtime, clock, "test.slow")
    with runtime.sessions.begin() as db:
        assert repository.claim_next(db, clock.now(), clock.now() + lease) is not None
    assert drain_once(runtime) == 0
    clock.advance(lease)
    assert drain_once(runtime) == 1
    assert _job(runtime, orphan).attempts == 2


def test_each_run_of_a_job_has_the_same_delivery_key(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys: list[str | None] = []

    def flaky(rt: Runtime, payload: dict[str, Any]) -> None:
        keys.append(delivery_key())
        if len(keys) == 1:
            raise RuntimeError("the receiver hung up")

    monkeypatch.setitem(runtime.background.handlers, "test.flaky", flaky)
    job_id = _enqueue(runtime, clock, "test.flaky")
    assert drain_once(runtime) == 1
    clock.advance(backoff(1))
    assert drain_once(runtime) == 1
    assert keys == [f"masthead-job-{job_id}", f"masthead-job-{job_id}"]
    assert delivery_key() is None  # outside a job
