"""PostgreSQL reads the event loop awaits (db.PinnedReader.all_awaited), on libpq's own
non-blocking calls.

A read on the pinned connection holds the event loop for the whole round trip: on
PostgreSQL the loop sat idle while the server planned and answered, and every other request
waited behind it. Here the loop sends the query, serves other requests, and reads the answer
when the socket has it; a few connections keep a few reads in flight at once.

psycopg's AsyncConnection does the same but cost the loop three to four times the CPU of a
blocking query (a generator and a fresh future per wait, a lock, a reader added and removed
each time), more than the wait it saved. This drives psycopg's libpq wrapper (psycopg.pq)
directly: one prepared statement sent, one reader callback per connection, rows loaded by
psycopg's own Transformer with the engine's adapters, so values read as on the pinned
connection.

Autocommit, like the pinned connection: each read sees what is committed when it starts, so
a logout, a revoked session or a lapsed membership is refused on the very next request.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg import errors, pq
from psycopg.adapt import PyFormat, Transformer
from sqlalchemy import Engine, Select

# Reads in flight at once, per process: enough to keep the database's core busy while the
# loop works; each is a PostgreSQL backend, so few (the server allows 100 in all).
AWAITED_CONNECTIONS = 4


class ConnectionLost(psycopg.OperationalError):
    """The server or the network closed a connection during a read."""


class DollarStatement:
    """A SELECT compiled with $1, $2... placeholders, for a server-side prepared statement."""

    def __init__(self, statement: Select[Any], engine: Engine, number: int) -> None:
        dialect = type(engine.dialect)(paramstyle="numeric_dollar")  # type: ignore[call-arg]
        compiled = statement.compile(dialect=dialect)
        self.name = f"masthead_read_{number}".encode()
        self.sql = str(compiled).encode()
        self.positions: list[str] = list(compiled.positiontup or [])


class LoopConnection:
    """One connection whose socket the event loop watches: at most one read at a time."""

    def __init__(self, conn: psycopg.Connection[Any], loop: asyncio.AbstractEventLoop) -> None:
        self._conn = conn
        self._pg = conn.pgconn
        self._loop = loop
        self._transformer = Transformer(conn)
        self._prepared: set[bytes] = set()
        self._waiter: asyncio.Future[list[pq.abc.PGresult]] | None = None
        self._results: list[pq.abc.PGresult] = []
        self.lost = False
        self._socket = self._pg.socket  # kept: a lost connection no longer tells it
        loop.add_reader(self._socket, self._readable)

    @property
    def broken(self) -> bool:
        return self.lost or self._pg.status != pq.ConnStatus.OK

    async def fetch_all(self, statement: DollarStatement, values: Sequence[Any]) -> list[Any]:
        pg, transformer = self._pg, self._transformer
        if statement.name not in self._prepared:
            # Once per statement and connection: a short blocking round trip. No parameter
            # types: the casts SQLAlchemy writes ($1::VARCHAR) let the server infer them.
            self._check(pg.prepare(statement.name, statement.sql, None))
            self._prepared.add(statement.name)
        params = transformer.dump_sequence(values, [PyFormat.TEXT] * len(values))
        # Blocking mode for the send: a query this small goes out in one write.
        pg.send_query_prepared(statement.name, params)
        self._waiter = waiter = self._loop.create_future()
        try:
            results = await waiter
        finally:
            self._waiter = None
        rows: list[Any] = []
        for result in results:
            self._check(result)
            transformer.set_pgresult(result)
            rows += transformer.load_rows(0, result.ntuples, tuple)
        return rows

    def _readable(self) -> None:
        pg = self._pg
        try:
            pg.consume_input()
            # Every result of the read, until the NULL that ends them; a partial answer
            # waits for the next readable event.
            while self._waiter is not None and not pg.is_busy():
                result = pg.get_result()
                if result is None:
                    results, self._results = self._results, []
                    if not self._waiter.done():
                        self._waiter.set_result(results)
                    return
                self._results.append(result)
            if pg.status == pq.ConnStatus.BAD:
                raise psycopg.OperationalError("the connection to the database was lost")
        except psycopg.Error as exc:  # the server closed the connection, or the network
            self.close()
            if self._waiter is not None and not self._waiter.done():
                self._waiter.set_exception(exc)

    def _check(self, result: pq.abc.PGresult) -> None:
        if result.status not in (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK):
            raise errors.error_from_result(result, encoding=self._conn.info.encoding)

    def close_soon(self) -> None:
        """close() from any thread: a loop still running elsewhere does it itself."""
        loop = self._loop
        if loop.is_running() and not loop.is_closed() and loop is not _running_loop():
            loop.call_soon_threadsafe(self.close)
        else:
            self.close()

    def close(self) -> None:
        if self.lost:
            return
        self.lost = True
        with contextlib.suppress(RuntimeError):  # the loop is closed already
            self._loop.remove_reader(self._socket)
        self._conn.close()


class LoopReads:
    """At most AWAITED_CONNECTIONS LoopConnections, opened on first use (a blocking connect,
    once each).

    They belong to one event loop. A server has one; a second loop (a test client started
    after another) gets fresh connections and the old loop's are closed.
    """

    def __init__(self, engine: Engine, size: int = AWAITED_CONNECTIONS) -> None:
        self._engine = engine
        # The engine's own connect arguments: host, database, options (a search_path) and
        # SQLAlchemy's type adapters.
        self._args, self._kwargs = engine.dialect.create_connect_args(engine.url)
        self._size = size
        self._statements: dict[int, DollarStatement] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._slots = asyncio.Semaphore(size)
        self._idle: list[LoopConnection] = []

    async def fetch_all(self, statement: Select[Any], params: dict[str, Any]) -> list[Any]:
        """Raw rows of statement; params already converted by the column types."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self.close()
            self._loop, self._slots = loop, asyncio.Semaphore(self._size)
        dollar = self._statements.get(id(statement))
        if dollar is None:  # statements are module constants: compiled once each
            dollar = DollarStatement(statement, self._engine, len(self._statements))
            self._statements[id(statement)] = dollar
        values = [params[name] for name in dollar.positions]
        async with self._slots:  # a slot holds at most one connection: never more than size
            try:
                return await self._read(loop, dollar, values)
            except ConnectionLost:  # a connection the server dropped gets one fresh try
                return await self._read(loop, dollar, values)

    async def _read(
        self, loop: asyncio.AbstractEventLoop, dollar: DollarStatement, values: list[Any]
    ) -> list[Any]:
        idle = self._idle
        conn = self._checkout(loop)
        try:
            rows = await conn.fetch_all(dollar, values)
        except psycopg.Error as exc:
            if conn.broken:
                conn.close()
                raise ConnectionLost(str(exc)) from exc
            idle.append(conn)  # the query failed, the connection is fine (autocommit)
            raise
        except BaseException:
            conn.close()  # cancelled mid-read: its answer is still on the way, never reused
            raise
        if idle is self._idle:
            idle.append(conn)
        else:  # closed meanwhile (close() or a new loop)
            conn.close()
        return rows

    def _checkout(self, loop: asyncio.AbstractEventLoop) -> LoopConnection:
        while self._idle:
            conn = self._idle.pop()
            if not conn.broken:
                return conn
            conn.close()
        raw = psycopg.Connection.connect(*self._args, autocommit=True, **self._kwargs)
        return LoopConnection(raw, loop)

    def close(self) -> None:
        """Close the idle connections; one in use is closed when its read ends."""
        idle, self._idle = self._idle, []
        for conn in idle:
            conn.close_soon()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
