"""Group commit for widget analytics (calls 6 and 7): many requests, one transaction each batch.

Every widget that opens sends a load analytic, so these two endpoints take most of the
referral traffic. One transaction per event spent its time on pool checkouts, ORM flushes,
commits and, on SQLite, on writers waiting for each other's lock. Here each request puts its
row in its event loop's queue and waits until the transaction holding it has committed:
a 2xx still means the event is stored. One writer per loop drains the queue in a worker
thread; while it writes a batch the next requests queue up, so batches grow with the load
and a lone request is written at once (no timer).

If the insert fails, every request of that batch fails with it (5xx): nothing unstored is
ever answered 2xx. A request whose client goes away may still be stored. Too many waiting
events (the database is not keeping up) answer 429 at once instead of queueing forever.
The queue holds only events whose requests are still open: nothing is shared between
processes, and any number of processes can write to one PostgreSQL.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import Engine, insert

from masthead.referrals.errors import ReferralError
from masthead.referrals.models import AnalyticsEvent

MAX_BATCH = 1000
MAX_WAITING = 20_000

_INSERT = insert(AnalyticsEvent)


class AnalyticsWriter:
    """Writes analytics rows in batches; `write` returns once its row is committed."""

    def __init__(
        self, engine: Engine, *, max_batch: int = MAX_BATCH, max_waiting: int = MAX_WAITING
    ) -> None:
        self._engine = engine
        self._max_batch = max_batch
        self._max_waiting = max_waiting
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[tuple[dict[str, Any], asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._drainer: asyncio.Task[None] | None = None

    async def write(self, row: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop or self._drainer is None or self._drainer.done():
            self._start(loop)
        if len(self._waiting) >= self._max_waiting:
            raise ReferralError(
                "TOO_MANY_REQUESTS", "Too many analytics events are waiting. Please try again."
            )
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((row, done))
        self._wake.set()
        await done

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        # One drainer per event loop (a test client may run several loops one after another);
        # a loop that is gone leaves nothing behind: its requests were all answered.
        self._loop = loop
        self._waiting = []
        self._wake = asyncio.Event()
        self._drainer = loop.create_task(self._drain(), name="referral-analytics-writer")

    async def _drain(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._waiting:
                batch = self._waiting[: self._max_batch]
                del self._waiting[: self._max_batch]
                try:
                    await asyncio.to_thread(self._insert, [row for row, _ in batch])
                except Exception as exc:  # every request of the batch gets the failure
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(exc)
                else:
                    for _, done in batch:
                        if not done.done():
                            done.set_result(None)

    def _insert(self, rows: list[dict[str, Any]]) -> None:
        with self._engine.begin() as conn:
            conn.execute(_INSERT, rows)
