"""The pinned read connection converts like SQLAlchemy and survives a dropped connection."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import bindparam, literal_column, select, text

from masthead.clock import FrozenClock
from masthead.db import PinnedReader, UTCDateTime
from masthead.deps import Runtime
from masthead.identity.api import SESSION_COOKIE, current_reader
from masthead.identity.models import AuthSession, Profile
from tests.identity.helpers import register

_SESSION = (
    select(AuthSession.expires_at, Profile.attributes)
    .join(Profile, Profile.user_id == AuthSession.user_id)
    .where(AuthSession.expires_at > bindparam("now", type_=UTCDateTime()))
)


def test_values_read_as_through_sqlalchemy(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    register(client, "pinned@example.com", **{"full-name": "Pinned Reader"})
    row = runtime.reader.first(_SESSION, {"now": clock.now()})
    assert row is not None
    expires_at, attributes = row
    assert expires_at == clock.now() + timedelta(days=365)  # a UTC-aware datetime
    assert attributes["full-name"] == "Pinned Reader"  # JSON decoded
    assert runtime.reader.first(_SESSION, {"now": clock.now() + timedelta(days=366)}) is None


def test_awaited_reads_read_as_the_blocking_ones(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    """On PostgreSQL the awaited reads take another way (psycopg's async pool, raw cursor):
    the same statement reads the same values, zones, JSON and Decimals included."""
    if runtime.engine.dialect.name != "postgresql":
        pytest.skip("on SQLite the awaited reads are the blocking ones")
    register(client, "awaited@example.com", **{"full-name": "Awaited Reader"})
    # Untyped columns: what each driver itself hands over.
    statement = _SESSION.add_columns(
        Profile.updated_at,
        literal_column("12.50::numeric"),
        literal_column("DATE '2026-11-22'"),
        literal_column("'[1, \"two\"]'::jsonb"),
    )
    params = {"now": clock.now()}

    async def awaited() -> tuple[object, ...] | None:
        reads = PinnedReader(runtime.engine)
        assert reads.awaited is not None
        await reads.awaited.open()  # on this loop, so the read goes through the pool
        try:
            return await reads.first_awaited(statement, params)
        finally:
            await reads.awaited.close()
            reads.close()

    blocking = runtime.reader.first(statement, params)
    assert blocking is not None
    assert asyncio.run(awaited()) == blocking
    assert blocking[0].tzinfo is not None and blocking[1]["full-name"] == "Awaited Reader"
    assert blocking[3:] == (Decimal("12.50"), date(2026, 11, 22), [1, "two"])


def test_a_dropped_connection_is_replaced(client: TestClient, runtime: Runtime) -> None:
    """The kept connection of the blocking reads (every hot read on SQLite; the console's
    session check and the decision engine's unit of work on PostgreSQL)."""
    register(client, "dropped@example.com")

    def reader_email() -> str | None:
        reader = current_reader(runtime, client.cookies.get(SESSION_COOKIE))
        return None if reader is None else reader.email

    assert reader_email() == "dropped@example.com"
    runtime.reader.close()  # as if the database had closed it
    assert reader_email() == "dropped@example.com"
    # and a connection broken underneath the reader gets one fresh try
    conn = runtime.reader._conn
    assert conn is not None
    conn.connection.dbapi_connection.close()  # type: ignore[union-attr]
    assert reader_email() == "dropped@example.com"
    assert client.get("/blaize/datalayer").status_code == 200


def test_the_hot_reads_survive_dropped_connections(client: TestClient, runtime: Runtime) -> None:
    """The session check and the decision engine (awaited, on the pool): PostgreSQL ending
    every connection (a restart, a failover) costs no request."""
    if runtime.engine.dialect.name != "postgresql":
        pytest.skip("a SQLite file is not dropped by a server")
    from tests.site.stories import engine_entitlement

    register(client, "dropped-pg@example.com")

    def ask() -> object:
        return engine_entitlement(client)

    assert ask() == {"loggedIn": True, "entitled": False}
    with runtime.engine.connect() as conn:  # as a database restart or failover does
        ended = conn.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar_one()
    assert ended >= 1
    assert ask() == {"loggedIn": True, "entitled": False}
    assert client.get("/blaize/datalayer").status_code == 200
    assert ask() == {"loggedIn": True, "entitled": False}


def test_an_awaited_read_survives_its_connection_ending_unnoticed(runtime: Runtime) -> None:
    """PostgreSQL ends the pool's connections while the loop is busy, so the pool has not
    seen them close: the next read meets a dead connection and tries the next one."""
    if runtime.engine.dialect.name != "postgresql":
        pytest.skip("a SQLite file is not dropped by a server")
    read = select(literal_column("1"))

    async def scenario() -> list[tuple[object, ...]]:
        reads = PinnedReader(runtime.engine)
        assert reads.awaited is not None
        await reads.awaited.open()
        try:
            await reads.all_awaited(read, {})
            with runtime.engine.connect() as conn:  # blocking: the loop notices nothing
                conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                )
            return await reads.all_awaited(read, {})
        finally:
            await reads.awaited.close()
            reads.close()

    assert asyncio.run(scenario()) == [(1,)]
