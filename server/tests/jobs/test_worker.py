"""The in-process worker thread and the worker command drain the outbox on their own."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from sqlalchemy import func, select

from masthead import worker
from masthead.clock import Clock, FrozenClock
from masthead.deps import Runtime
from masthead.jobs import runner
from masthead.jobs.models import OutboxJob
from masthead.mail.models import DeliveredMail
from masthead.mail.service import send_mail


def _wait_for(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def _delivered(runtime: Runtime) -> int:
    with runtime.sessions() as db:
        return db.scalar(select(func.count()).select_from(DeliveredMail)) or 0


def test_inprocess_worker_delivers_mail_and_stops(runtime: Runtime, clock: FrozenClock) -> None:
    handle = runner.start_inprocess_worker(runtime)
    try:
        with runtime.sessions.begin() as db:
            send_mail(db, clock, to="reader@example.com", subject="Welcome", text="Hi")
        assert _wait_for(lambda: _delivered(runtime) == 1)
    finally:
        handle.stop()
    assert not handle.alive
    with runtime.sessions() as db:
        assert set(db.scalars(select(OutboxJob.status))) == {"done"}


def test_worker_thread_survives_errors(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_drain = runner.drain_once
    failures: list[int] = []

    def drain_failing_once(rt: Runtime, limit: int = 100) -> int:
        if not failures:
            failures.append(1)
            raise OSError("database restarting")
        return real_drain(rt, limit)

    monkeypatch.setattr(runner, "drain_once", drain_failing_once)
    monkeypatch.setattr(runner, "ERROR_PAUSE_SECONDS", 0.01)
    handle = runner.start_inprocess_worker(runtime)
    try:
        with runtime.sessions.begin() as db:
            send_mail(db, clock, to="reader@example.com", subject="Welcome", text="Hi")
        assert _wait_for(lambda: _delivered(runtime) == 1)
        assert handle.alive
    finally:
        handle.stop()
    assert failures == [1]
    assert not handle.alive


def test_worker_command_drains_what_is_due(
    runtime: Runtime, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with runtime.sessions.begin() as db:  # the command runs on the real clock
        send_mail(db, Clock(), to="reader@example.com", subject="Welcome", text="Hi")
    monkeypatch.setenv("MASTHEAD_DATABASE_URL", database_url)
    monkeypatch.setenv("MASTHEAD_MAIL_BACKEND", "devmailbox")

    worker.main(["--once"])

    assert _delivered(runtime) == 1
