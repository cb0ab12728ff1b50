"""How an event loop best awaits short PostgreSQL reads: the drivers compared on two queries.

    server/.venv/bin/python bench/db_reads.py [--database-url URL] [--seconds N] [--rounds N]
        [--only pk|entitlement] [--ways NAME,...] [--loop uvloop|asyncio]

    # with SQLAlchemy's asyncio extension too (it needs greenlet, which the server does not),
    # in a throwaway environment that leaves server/uv.lock alone:
    cd server && ../var/tools/bin/uv run --no-sync --with greenlet python ../bench/db_reads.py

Two reads: "pk", one row of pg_class by its primary key (no set-up), and "entitlement", the
content call's real query (site/repository.py: the live session's reader, their
subscriptions and the story, one round trip), on a fresh schema with one member in it,
compiled by SQLAlchemy for each driver as db.PinnedReader compiles it.

Each way runs them on one event loop (uvloop, as uvicorn serves), first from one task (the
latency of a read), then from 32 tasks at once (as many as wrk's connections in
site_load.py), a few seconds each; every way but blocking on 4 connections
(db.AWAITED_CONNECTIONS):

- blocking: one psycopg connection, the read inline on the loop (the loop waits for the
  round trip: what PinnedReader's session check and its SQLite reads do);
- thread: a psycopg_pool.ConnectionPool, each read in a worker thread (anyio's, as
  FastAPI's sync routes);
- psycopg pool: psycopg's AsyncConnection from psycopg_pool.AsyncConnectionPool through its
  connection() context manager, as db.AwaitedReads reads;
- psycopg pool lean: the same pool through getconn()/putconn(), without connection()'s
  `async with conn` (whose exit takes the connection's lock to commit, a no-op in
  autocommit). No check= and no reset= are configured in either, so the pool's return path
  is only its status checks and its lock;
- psycopg bare: 4 AsyncConnections handed round by an asyncio.Queue, no pool: the floor a
  pool's book-keeping stands on, not a candidate (nothing replaces a dropped connection);
- asyncpg pool: asyncpg.create_pool as it comes: on each release it sends a reset query
  (pg_advisory_unlock_all, CLOSE ALL, UNLISTEN *, RESET ALL), a second round trip per read;
- asyncpg pool lean: the same with reset= a no-op (the reads leave no session state);
- db.AwaitedReads: the server's own reads (the psycopg pool with its retry);
- sqlalchemy asyncpg: SQLAlchemy's asyncio engine on asyncpg (AUTOCOMMIT), the driver SQL
  through exec_driver_sql: the least of its per-execution work.

Prints, per query and way: the single task's median microseconds per read and its reads/s;
the 32 tasks' reads/s and the CPU this process spent per read (the server's share of a
request: what the loop cannot spend on other requests; steadier than reads/s on a shared
machine). The database's own CPU is the rest of the machine.

On this machine (2 cores, PostgreSQL 15, shared with other work: load 6 to 9), 2026-11-26,
medians of 5 rounds of 2 s:

                        pk                              entitlement
    way                 1 task us  32: reads/s  CPU us  1 task us  32: reads/s  CPU us
    blocking                   62        5,979      49        126        2,664      95
    thread                    218        3,451     283        537        2,161     290
    psycopg pool              192        2,967     134        398        1,598     205
    psycopg pool lean         172        3,044     124        303        1,763     206
    psycopg bare              129        4,455      86        299        3,068     118
    asyncpg pool              221        3,065     119        271        1,909     143
    asyncpg pool lean          95        5,732      72        185        1,813      99
    (an asyncpg-based db.AwaitedReads, tried: 96  4,737  78  208  2,513  99)
    sqlalchemy asyncpg        286        1,516     251        364        1,299     318

The psycopg pool's cost over a bare connection is its own book-keeping per checkout (an
asyncio lock on the way out and back, a waiting client with a timer when all 4 are busy,
the connection's context and status checks on return), on top of psycopg's async
connection re-registering its socket with the loop for every wait; leaner settings win
little. asyncpg's pool without its reset query costs the loop about half the CPU per read
and halves a single read's latency. But under a server's load it is unfair: with
db.AwaitedReads on it, bench/site_load.py on PostgreSQL (32 connections, quiet machine,
2026-11-26) gave more req/s and p99s of 240 ms (content call) and 419 ms (members' story
page), against 26 ms and 32 ms on psycopg's pool; raising its size to 32 only halved them.
A waiter woken for a freed connection can lose it to a newcomer and go to the back again.
So db.AwaitedReads stays on psycopg's pool: steady latency is what a reader notices.
Blocking reads cost the loop least of all but hold it for the round trip (see
db.PinnedReader).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from statistics import median
from typing import Any

import anyio.to_thread
import asyncpg
import psycopg
import uvloop
from loadkit import scratch_database
from psycopg_pool import AsyncConnectionPool, ConnectionPool
from sqlalchemy import Select, create_engine
from sqlalchemy.dialects.postgresql import asyncpg as sa_asyncpg
from sqlalchemy.dialects.postgresql import psycopg as sa_psycopg
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from masthead.db import AWAITED_CONNECTIONS, AwaitedReads, PreparedRead

POOL = AWAITED_CONNECTIONS
HAVE_GREENLET = importlib.util.find_spec("greenlet") is not None
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
TOKEN_HASH = "b" * 64
CONTENT_ID = "bench-story"


@dataclass(frozen=True)
class Query:
    """One read, in each driver's placeholders, and the parameter sets the tasks take turns on."""

    name: str
    pyformat: str  # psycopg's
    pyformat_params: list[Any]
    dollar: str  # asyncpg's $1...
    dollar_params: list[tuple[Any, ...]]


PK = Query(
    "pk",
    "SELECT oid, relname, relkind FROM pg_class WHERE oid = %s",
    [(oid,) for oid in (1259, 1249, 1255, 1247)],  # pg_class, pg_attribute, pg_proc, pg_type
    "SELECT oid, relname, relkind FROM pg_class WHERE oid = $1",
    [(oid,) for oid in (1259, 1249, 1255, 1247)],
)


def entitlement_query() -> Query:
    """site/repository.py's session-and-story read, compiled for each driver."""
    from masthead.site.repository import _session_query

    statement, params = _session_query(TOKEN_HASH, NOW, CONTENT_ID)
    assert isinstance(statement, Select)
    on_psycopg = PreparedRead(statement, sa_psycopg.dialect())
    on_asyncpg = PreparedRead(statement, sa_asyncpg.dialect())
    dollar_params = on_asyncpg.parameters(params)
    assert isinstance(dollar_params, tuple)
    return Query(
        "entitlement",
        on_psycopg.sql,
        [on_psycopg.parameters(params)],
        on_asyncpg.sql,
        [dollar_params],
    )


def seed_member(url: str) -> None:
    """One reader with a live session, an active annual subscription and the story."""
    from masthead.articles.models import Article
    from masthead.billing.memberships.models import BillingSubscription
    from masthead.identity.models import AuthSession, Profile, User

    engine = create_engine(url)
    with Session(engine) as db, db.begin():
        user = User(
            email="db-reads@example.com",
            email_verified=True,
            tracking_id="0" * 36,
            created_at=NOW,
            updated_at=NOW,
        )
        db.add(user)
        db.flush()
        db.add(Profile(user_id=user.id, attributes={"full-name": "Bench Reader"}, updated_at=NOW))
        db.add(
            AuthSession(
                token_hash=TOKEN_HASH,
                user_id=user.id,
                created_at=NOW,
                expires_at=NOW + timedelta(days=365),
            )
        )
        db.add(
            BillingSubscription(
                id="bench-subscription",
                user_id=user.id,
                plan_id="annual",
                plan_name="Annual",
                product_id="digital",
                status="Active",
                price=Decimal("99.99"),
                payment_method_token="bench-card",  # noqa: S106 (not a secret)
                next_billing_date=date(2027, 11, 22),
                paid_through_date=date(2027, 11, 21),
                transactions=[{"id": "t1"}],
                created_at=NOW,
                updated_at=NOW,
            )
        )
        db.add(
            Article(
                post_id=1,
                content_id=CONTENT_ID,
                brand="nypost",
                slug="bench-story",
                headline="Bench story",
                standfirst="",
                author="Bench",
                section="news",
                status="published",
                published_at=NOW,
                first_published_at=NOW,
                teaser_html="<p>teaser</p>",
                body_html="<p>members only</p>" * 20,
                access="MEMBERS",
                comments_spot_id="bench",
                created_at=NOW,
                updated_at=NOW,
            )
        )
    engine.dispose()


# A read: the task's number in, the rows out.
Read = Callable[[int], Awaitable[object]]
Way = Callable[[str, Query], Any]  # an async context manager yielding a Read


async def drive(read: Read, tasks: int, seconds: float) -> tuple[float, float, float]:
    """(reads per second, CPU microseconds of this process per read, median microseconds a
    read took from its task's point of view)."""
    done = 0
    took: list[float] = []
    stop = time.monotonic() + seconds

    async def worker(n: int) -> None:
        nonlocal done
        while (start := time.monotonic()) < stop:
            await read(n)
            took.append(time.monotonic() - start)
            done += 1

    for n in range(tasks):  # warm: every connection has prepared the statement
        await read(n)
    cpu, wall = time.process_time(), time.monotonic()
    await asyncio.gather(*(worker(n) for n in range(tasks)))
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    return done / wall, cpu / max(done, 1) * 1e6, median(took) * 1e6


def _pick(params: list[Any], n: int) -> Any:
    return params[n % len(params)]


@asynccontextmanager
async def blocking(url: str, q: Query) -> AsyncIterator[Read]:
    conn = psycopg.connect(url, autocommit=True, prepare_threshold=0)

    async def read(n: int) -> object:
        return conn.execute(q.pyformat, _pick(q.pyformat_params, n)).fetchall()

    try:
        yield read
    finally:
        conn.close()


@asynccontextmanager
async def thread(url: str, q: Query) -> AsyncIterator[Read]:
    kwargs = {"autocommit": True, "prepare_threshold": 0}
    pool = ConnectionPool(url, min_size=POOL, max_size=POOL, kwargs=kwargs, open=True)
    pool.wait()

    def blocking_read(n: int) -> object:
        with pool.connection() as conn:
            return conn.execute(q.pyformat, _pick(q.pyformat_params, n)).fetchall()

    async def read(n: int) -> object:
        return await anyio.to_thread.run_sync(blocking_read, n)

    try:
        yield read
    finally:
        pool.close()


@asynccontextmanager
async def _psycopg_pool(url: str) -> AsyncIterator[AsyncConnectionPool]:
    kwargs = {"autocommit": True, "prepare_threshold": 0}
    pool = AsyncConnectionPool(url, min_size=POOL, max_size=POOL, kwargs=kwargs, open=False)
    await pool.open(wait=True)
    try:
        yield pool
    finally:
        await pool.close()


@asynccontextmanager
async def psycopg_pool(url: str, q: Query) -> AsyncIterator[Read]:
    async with _psycopg_pool(url) as pool:

        async def read(n: int) -> object:
            async with pool.connection() as conn:
                cursor = await conn.execute(q.pyformat, _pick(q.pyformat_params, n))
                return await cursor.fetchall()

        yield read


@asynccontextmanager
async def psycopg_pool_lean(url: str, q: Query) -> AsyncIterator[Read]:
    async with _psycopg_pool(url) as pool:

        async def read(n: int) -> object:
            conn = await pool.getconn()
            try:
                cursor = await conn.execute(q.pyformat, _pick(q.pyformat_params, n))
                return await cursor.fetchall()
            finally:
                await pool.putconn(conn)

        yield read


@asynccontextmanager
async def psycopg_bare(url: str, q: Query) -> AsyncIterator[Read]:
    idle: asyncio.Queue[psycopg.AsyncConnection[Any]] = asyncio.Queue()
    conns = [
        await psycopg.AsyncConnection.connect(url, autocommit=True, prepare_threshold=0)
        for _ in range(POOL)
    ]
    for conn in conns:
        idle.put_nowait(conn)

    async def read(n: int) -> object:
        conn = await idle.get()
        try:
            cursor = await conn.execute(q.pyformat, _pick(q.pyformat_params, n))
            return await cursor.fetchall()
        finally:
            idle.put_nowait(conn)

    try:
        yield read
    finally:
        for conn in conns:
            await conn.close()


def _asyncpg_args(url: str) -> dict[str, Any]:
    """asyncpg's connect arguments for a libpq URL; its options=-csearch_path=... (a
    scratch schema) as a server setting, which asyncpg takes instead."""
    parsed = make_url(url)
    settings = {}
    options = str(parsed.query.get("options", ""))
    for option in options.split():
        name, _, value = option.removeprefix("-c").partition("=")
        settings[name] = value
    return {
        "host": parsed.host,
        "port": parsed.port,
        "user": parsed.username,
        "password": parsed.password,
        "database": parsed.database,
        "server_settings": settings,
    }


@asynccontextmanager
async def _asyncpg_pool(url: str, lean: bool) -> AsyncIterator[Any]:
    async def no_reset(_conn: object) -> None:
        return None

    pool = await asyncpg.create_pool(
        min_size=POOL, max_size=POOL, reset=no_reset if lean else None, **_asyncpg_args(url)
    )
    try:
        yield pool
    finally:
        await pool.close()


@asynccontextmanager
async def asyncpg_pool(url: str, q: Query) -> AsyncIterator[Read]:
    async with _asyncpg_pool(url, lean=False) as pool:

        async def read(n: int) -> object:
            return await pool.fetch(q.dollar, *_pick(q.dollar_params, n))

        yield read


@asynccontextmanager
async def asyncpg_pool_lean(url: str, q: Query) -> AsyncIterator[Read]:
    async with _asyncpg_pool(url, lean=True) as pool:

        async def read(n: int) -> object:
            return await pool.fetch(q.dollar, *_pick(q.dollar_params, n))

        yield read


@asynccontextmanager
async def sqlalchemy_asyncpg(url: str, q: Query) -> AsyncIterator[Read]:
    from sqlalchemy.ext.asyncio import create_async_engine

    args = _asyncpg_args(url)
    engine = create_async_engine(
        make_url(url).set(drivername="postgresql+asyncpg", query={}),
        pool_size=POOL,
        max_overflow=0,
        isolation_level="AUTOCOMMIT",
        connect_args={"server_settings": args["server_settings"]},
    )

    async def read(n: int) -> object:
        async with engine.connect() as conn:
            result = await conn.exec_driver_sql(q.dollar, _pick(q.dollar_params, n))
            return result.all()

    try:
        yield read
    finally:
        await engine.dispose()


@asynccontextmanager
async def server_reads(url: str, q: Query) -> AsyncIterator[Read]:
    reads = AwaitedReads(create_engine(make_url(url).set(drivername="postgresql+psycopg")))
    await reads.open()

    async def read(n: int) -> object:
        return await reads.fetch_all(q.pyformat, _pick(q.pyformat_params, n))

    try:
        yield read
    finally:
        await reads.close()


WAYS: dict[str, Way] = {
    "blocking": blocking,
    "thread": thread,
    "psycopg pool": psycopg_pool,
    "psycopg pool lean": psycopg_pool_lean,
    "psycopg bare": psycopg_bare,
    "asyncpg pool": asyncpg_pool,
    "asyncpg pool lean": asyncpg_pool_lean,
    "db.AwaitedReads": server_reads,
}
if HAVE_GREENLET:
    WAYS["sqlalchemy asyncpg"] = sqlalchemy_asyncpg


async def measure(way: Way, url: str, q: Query, tasks: int, seconds: float) -> Any:
    async with way(url, q) as read:
        return await drive(read, tasks, seconds)


@contextmanager
def bench_database(database_url: str) -> Iterator[str]:
    with scratch_database(database_url, Path()) as url:
        seed_member(url)
        yield url.replace("postgresql+psycopg://", "postgresql://")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--database-url", default="postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
    )
    parser.add_argument("--seconds", type=float, default=2)
    parser.add_argument("--tasks", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=["pk", "entitlement"])
    parser.add_argument("--ways", help="comma-separated names of the ways to run")
    parser.add_argument(
        "--loop",
        choices=["uvloop", "asyncio"],
        default="uvloop",
        help="the event loop: uvloop is what uvicorn[standard] serves on",
    )
    args = parser.parse_args()
    run = uvloop.run if args.loop == "uvloop" else asyncio.run
    ways = {n: w for n, w in WAYS.items() if not args.ways or n in args.ways.split(",")}
    if not HAVE_GREENLET:
        print("greenlet not installed: SQLAlchemy's asyncio extension skipped (see --help)")
    queries = [q for q in (PK, entitlement_query()) if args.only in (None, q.name)]
    with bench_database(args.database_url) as url:
        for q in queries:
            single: dict[str, list[Any]] = {name: [] for name in ways}
            many: dict[str, list[Any]] = {name: [] for name in ways}
            for _ in range(args.rounds):  # in turn, so the machine's noise falls on each
                for name, way in ways.items():
                    single[name].append(run(measure(way, url, q, 1, args.seconds)))
                    many[name].append(run(measure(way, url, q, args.tasks, args.seconds)))
            print(
                f"\n{q.name}: 1 task, then {args.tasks} tasks, on one {args.loop} loop;"
                f" medians of {args.rounds} rounds of {args.seconds}s"
            )
            print(
                f"{'way':<20}{'1: us/read':>11}{'reads/s':>9}"
                f"{f'{args.tasks}: reads/s':>14}{'CPU us/read':>13}"
            )
            for name in ways:
                one, lots = single[name], many[name]
                print(
                    f"{name:<20}{median(r[2] for r in one):>11.0f}"
                    f"{median(r[0] for r in one):>9.0f}"
                    f"{median(r[0] for r in lots):>14.0f}{median(r[1] for r in lots):>13.1f}"
                )


if __name__ == "__main__":
    main()
