"""Engine, per-request session and the declarative Base.

The request commits, not the service: a handler's changes and the work they cause (outbox
rows) land together or not at all.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, DateTime, Dialect, Engine, MetaData, Select, create_engine, event
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.types import TypeDecorator

from masthead.clock import as_utc
from masthead.db_async import LoopReads

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


# A billing request holds its own connection while the claim and the sandbox each take one
# more: a pool smaller than (request threads x 3) lets concurrent subscribes wait on each other
# until the pool times out. FastAPI runs at most 40 sync requests at once (anyio's threads).
PG_POOL_SIZE, PG_MAX_OVERFLOW = 10, 70  # 80 at most per process, under PostgreSQL's 100


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        # A file on this machine does not drop connections: no pre-ping round trip. SQLite
        # connections cost little, so the pool grows with the request threads.
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=10,
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
    return create_engine(
        url, pool_size=PG_POOL_SIZE, max_overflow=PG_MAX_OVERFLOW, pool_pre_ping=True
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

    def converted(self, values: dict[str, Any]) -> dict[str, Any]:
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
        return tuple(
            convert(value) if convert else value
            for convert, value in zip(self.columns, raw, strict=True)
        )


class PinnedReader:
    """One autocommit connection for the short reads made on the event-loop thread.

    The session lookup behind every page view runs inline on the loop; checking a pooled
    connection out and rolling it back each time cost more than the query. A lock keeps it
    correct if a second loop (a test client) shares the application.

    The paywall's reads are awaited instead (first_awaited, all_awaited): on PostgreSQL over
    a few connections the loop drives (db_async.py), so the loop serves other requests during the
    round trip; on SQLite inline, as a file read has no round trip to overlap.
    """

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._conn: Connection | None = None
        self._lock = threading.Lock()
        self._prepared: dict[int, PreparedRead] = {}
        self._awaited = LoopReads(engine) if engine.dialect.name == "postgresql" else None

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
        if self._awaited is None:
            return self._run(statement, params, many=True)
        prepared = self._prepare(statement)
        raw = await self._awaited.fetch_all(statement, prepared.converted(params))
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
        if self._awaited is not None:
            self._awaited.close()
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
