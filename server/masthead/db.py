"""Engine, per-request session and the declarative Base.

The request commits, not the service: a handler's changes and the work they cause (outbox
rows) land together or not at all.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout
from sqlalchemy import Connection, DateTime, Dialect, Engine, MetaData, Select, create_engine, event
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.types import TypeDecorator

from masthead.clock import as_utc

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC on every backend (SQLite drops the zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else as_utc(value)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else as_utc(value)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


# FastAPI runs at most 40 sync requests at once (anyio's threads), each holding one
# connection: by default the pool keeps that many, so a busy page load reuses them instead of
# opening and closing overflow connections all the time (half a core of PostgreSQL's under
# wrk). A billing request holds its own connection while the claim and the sandbox each take
# one more: the overflow covers those peaks. settings.database_connections (80 by default)
# caps both together, so that many processes fit the server's max_connections.
REQUEST_THREADS = 40


def pool_sizes(connections: int) -> tuple[int, int]:
    """(kept, opened at peaks) for a process allowed `connections`: half kept, at most one
    per request thread."""
    kept = min(REQUEST_THREADS, max(1, connections // 2))
    return kept, connections - kept


def make_engine(url: str, connections: int) -> Engine:
    """`connections`: settings.database_connections (PostgreSQL; SQLite's pool is its own)."""
    if url.startswith("sqlite"):
        # A file on this machine does not drop connections: no pre-ping round trip. The pool
        # keeps a connection per request thread (no reconnect, no pragmas again per request)
        # and grows past them if a request holds more than one.
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=REQUEST_THREADS,
            max_overflow=-1,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    kept, peaks = pool_sizes(connections)
    return create_engine(url, pool_size=kept, max_overflow=peaks, pool_pre_ping=True)


def upsert_insert(db: Session) -> Any:
    """The database's own INSERT (sqlalchemy.dialects.postgresql.insert or .sqlite.insert):
    the one with ON CONFLICT DO NOTHING / DO UPDATE, which both databases speak alike."""
    return (
        pg_dialect.insert if db.get_bind().dialect.name == "postgresql" else sqlite_dialect.insert
    )


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind=engine, expire_on_commit=False)


def session_scope(factory: sessionmaker[Session]) -> Iterator[Session]:
    """Commit when the unit of work ends cleanly, roll back otherwise."""
    session = factory()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


class PreparedRead:
    """A SELECT compiled once for one dialect, with its parameter and column converters.

    PinnedReader runs it on the raw driver cursor: SQLAlchemy's per-execution work (cache
    key, execution context, result wrapping) cost several times the query on the hottest
    path. The converters are the column types' own, so values read the same as through
    SQLAlchemy.
    """

    def __init__(self, statement: Select[Any], dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.positions: list[str] | None = compiled.positiontup
        self.binds = {
            name: bind.type.dialect_impl(dialect).bind_processor(dialect)
            for name, bind in compiled.binds.items()
        }
        self.columns = [
            column.type.dialect_impl(dialect).result_processor(dialect, None)
            for column in statement.selected_columns
        ]
        # Most statements convert nothing either way on a dialect (integers and text): their
        # values pass as they are, without a call per value (the counts read a row per post).
        self._plain_binds = not any(self.binds.values())
        self._plain_rows = not any(self.columns)

    def converted(self, values: dict[str, Any]) -> dict[str, Any]:
        if self._plain_binds:
            return values
        return {
            name: (convert(value) if (convert := self.binds.get(name)) else value)
            for name, value in values.items()
        }

    def parameters(self, values: dict[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        converted = self.converted(values)
        if self.positions is None:
            return converted
        return tuple(converted[name] for name in self.positions)

    def row(self, raw: Sequence[Any]) -> tuple[Any, ...]:
        if self._plain_rows:
            return tuple(raw)
        return tuple(
            convert(value) if convert else value
            for convert, value in zip(self.columns, raw, strict=True)
        )


# Awaited reads in flight at once on PostgreSQL, per process: enough to keep the database's
# core busy while the loop works; each is a PostgreSQL backend, so few.
AWAITED_CONNECTIONS = 4
# How long an awaited read waits for one of them before the request gives up (a 503, errors.py):
# psycopg_pool's own default, 30 s, held every reader's page that long while PostgreSQL was
# down or restarting.
AWAITED_WAIT_SECONDS = 5.0


class AwaitedReads:
    """PostgreSQL reads the event loop awaits: psycopg's AsyncConnection from a
    psycopg_pool.AsyncConnectionPool, opened and closed with the application (its lifespan)
    on the server's event loop. Autocommit; each statement prepared on each connection.

    A blocking read holds the loop for the whole round trip, and on a busy machine that is
    the time PostgreSQL waits for a core: every other request waits behind it. Awaited, the
    loop serves other requests meanwhile (bench/db_reads.py measures both ways)."""

    def __init__(self, engine: Engine) -> None:
        # The engine's own connect arguments: host, database, options (a search_path) and
        # SQLAlchemy's adapters, so values read as on the engine's connections.
        args, kwargs = engine.dialect.create_connect_args(engine.url)
        self._conninfo = str(args[0]) if args else ""
        self._kwargs = {**kwargs, "autocommit": True, "prepare_threshold": 0}
        self._pool: AsyncConnectionPool | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def open(self) -> None:
        self._pool = AsyncConnectionPool(
            self._conninfo,
            kwargs=self._kwargs,
            min_size=1,
            max_size=AWAITED_CONNECTIONS,
            timeout=AWAITED_WAIT_SECONDS,
            open=False,
            name="masthead-awaited-reads",
        )
        await self._pool.open()
        self._loop = asyncio.get_running_loop()

    async def close(self) -> None:
        pool, self._pool, self._loop = self._pool, None, None
        if pool is not None:
            await pool.close()

    def on_this_loop(self) -> bool:
        return self._loop is not None and self._loop is _running_loop()

    async def fetch_all(self, sql: str, params: Any) -> list[tuple[Any, ...]]:
        assert self._pool is not None
        tries = AWAITED_CONNECTIONS + 1
        for attempt in range(1, tries + 1):
            try:
                async with self._pool.connection() as conn:
                    cursor = await conn.execute(sql, params)
                    return await cursor.fetchall()
            except PoolTimeout:
                raise  # no connection to be had: another try would wait as long again
            except psycopg.OperationalError:
                # A connection the server dropped (a restart, a failover): the pool discards
                # it on its return. Every idle one may be gone too: past them, a new one.
                if attempt == tries:
                    raise
        return []


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class PinnedReader:
    """The short reads of the hottest paths: the session check, the content call and the
    decision engine's per-view features.

    Blocking reads (first, all) run on one autocommit connection kept for them: checking a
    connection out of the engine's pool and rolling it back each time cost more than the
    query. A lock keeps it correct if a second loop (a test client) shares the application.

    Awaited reads (first_awaited, all_awaited) on PostgreSQL go through AwaitedReads' pool
    on the server's loop; on SQLite, a file read has no round trip to overlap, and a blocking
    read costs the loop a fraction of an awaited one (bench/db_reads.py), so they run inline
    on the kept connection, as they do on a loop without the pool (a test client's
    per-request loop). Autocommit: each read sees what is committed when it starts, so a
    logout, a revoked session or a lapsed membership is refused on the very next request.
    """

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._conn: Connection | None = None
        self._lock = threading.Lock()
        self._prepared: dict[int, PreparedRead] = {}
        self.awaited = AwaitedReads(engine) if engine.dialect.name == "postgresql" else None

    def first(self, statement: Select[Any], params: dict[str, Any]) -> tuple[Any, ...] | None:
        rows = self._run(statement, params, many=False)
        return rows[0] if rows else None

    def all(self, statement: Select[Any], params: dict[str, Any]) -> list[tuple[Any, ...]]:
        """Every row, for the few hot reads that need more than one (a reader's subscriptions)."""
        return self._run(statement, params, many=True)

    async def first_awaited(
        self, statement: Select[Any], params: dict[str, Any]
    ) -> tuple[Any, ...] | None:
        rows = await self.all_awaited(statement, params)
        return rows[0] if rows else None

    async def all_awaited(
        self, statement: Select[Any], params: dict[str, Any]
    ) -> list[tuple[Any, ...]]:
        awaited = self.awaited
        if awaited is None or not awaited.on_this_loop():
            return self._run(statement, params, many=True)
        prepared = self._prepare(statement)
        raw = await awaited.fetch_all(prepared.sql, prepared.parameters(params))
        return [prepared.row(r) for r in raw]

    def _prepare(self, statement: Select[Any]) -> PreparedRead:
        prepared = self._prepared.get(id(statement))
        if prepared is None:  # statements are module constants: prepared once each
            prepared = self._prepared[id(statement)] = PreparedRead(statement, self._engine.dialect)
        return prepared

    def _run(
        self, statement: Select[Any], params: dict[str, Any], *, many: bool
    ) -> list[tuple[Any, ...]]:
        prepared = self._prepare(statement)
        with self._lock:
            for attempt in (1, 2):
                if self._conn is None or self._conn.closed:
                    self._conn = self._engine.connect().execution_options(
                        isolation_level="AUTOCOMMIT"
                    )
                try:
                    cursor = self._conn.connection.cursor()
                    try:
                        cursor.execute(prepared.sql, prepared.parameters(params))
                        if many:
                            raw = cursor.fetchall()
                        else:
                            one = cursor.fetchone()
                            raw = [] if one is None else [one]
                    finally:
                        cursor.close()
                    return [prepared.row(r) for r in raw]
                except self._engine.dialect.loaded_dbapi.Error:
                    # A dropped connection gets one fresh try.
                    stale, self._conn = self._conn, None
                    stale.invalidate()
                    if attempt == 2:
                        raise
            return []

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
