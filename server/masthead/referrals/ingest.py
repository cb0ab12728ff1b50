"""Group commit for widget analytics (calls 6 and 7): many requests, one transaction each batch.

Every widget that opens sends a load analytic, so these two endpoints take most of the
referral traffic. One transaction per event spent its time on pool checkouts, ORM flushes,
commits and, on SQLite, on writers waiting for each other's lock. Here each request puts its
row in its event loop's queue and waits until the transaction holding it has committed:
a 2xx still means the event is stored. grouped.py runs the batches: one writer per loop, in a
worker thread; while it writes a batch the next requests queue up, so batches grow with the
load and a lone request is written at once (no timer).

If the insert fails, every request of that batch fails with it (5xx): nothing unstored is
ever answered 2xx. A request whose client goes away may still be stored. Too many waiting
events (the database is not keeping up) answer 429 at once instead of queueing forever.
The queue holds only events whose requests are still open: nothing is shared between
processes, and any number of processes can write to one PostgreSQL.

On PostgreSQL a batch is one COPY in the transaction: a multi-row INSERT cost five times the
client CPU per row (taken from the event loop's share, under one GIL) and three times the
time. The constraints and the transaction are the same; the values go through the columns'
own converters, as an INSERT's would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, insert
from starlette.datastructures import State

from masthead.referrals.errors import ReferralError
from masthead.referrals.grouped import Grouped
from masthead.referrals.models import AnalyticsEvent

MAX_BATCH = 1000
MAX_WAITING = 20_000

_INSERT = insert(AnalyticsEvent)
_COLUMNS = [column for column in AnalyticsEvent.__table__.columns if not column.primary_key]


def app_writer(state: State, engine: Engine) -> AnalyticsWriter:
    """The application's writer (its state's `referral_analytics_writer`), made at first use."""
    writer: AnalyticsWriter | None = getattr(state, "referral_analytics_writer", None)
    if writer is None:
        writer = state.referral_analytics_writer = AnalyticsWriter(engine)
    return writer


class AnalyticsWriter(Grouped[dict[str, Any], None]):
    """Writes analytics rows in batches; `write` returns once its row is committed."""

    def __init__(
        self, engine: Engine, *, max_batch: int = MAX_BATCH, max_waiting: int = MAX_WAITING
    ) -> None:
        super().__init__(max_batch=max_batch, name="referral-analytics-writer")
        self._engine = engine
        self._max_waiting = max_waiting
        self._copy = _copy_statement(engine)
        dialect = engine.dialect
        self._converters: list[tuple[str, Callable[[Any], Any] | None]] = [
            (c.key, c.type.dialect_impl(dialect).bind_processor(dialect)) for c in _COLUMNS
        ]

    async def write(self, row: dict[str, Any]) -> None:
        if self._queued() >= self._max_waiting:
            raise ReferralError(
                "TOO_MANY_REQUESTS", "Too many analytics events are waiting. Please try again."
            )
        await self._submit(row)

    def _run_batch(self, items: list[dict[str, Any]]) -> list[None]:
        self._insert(items)
        return [None] * len(items)

    def _insert(self, rows: list[dict[str, Any]]) -> None:
        with self._engine.begin() as conn:
            if self._copy is None:
                conn.execute(_INSERT, rows)
                return
            with (
                conn.connection.driver_connection.cursor() as cursor,  # type: ignore[union-attr]
                cursor.copy(self._copy) as copy,
            ):
                for row in rows:
                    copy.write_row(
                        [
                            convert(row[key]) if convert else row[key]
                            for key, convert in self._converters
                        ]
                    )


def _copy_statement(engine: Engine) -> str | None:
    """COPY ... FROM STDIN for psycopg (3) on PostgreSQL; None elsewhere (an INSERT is used)."""
    if engine.dialect.name != "postgresql" or engine.dialect.driver != "psycopg":
        return None
    names = ", ".join(engine.dialect.identifier_preparer.quote(c.name) for c in _COLUMNS)
    return f"COPY {AnalyticsEvent.__tablename__} ({names}) FROM STDIN"
