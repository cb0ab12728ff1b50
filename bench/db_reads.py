"""How an event loop best awaits short PostgreSQL reads: the drivers compared on one query.

    server/.venv/bin/python bench/db_reads.py [--database-url URL] [--seconds N] [--tasks N]

32 tasks (as many as wrk's connections in site_load.py) each read one indexed row again and
again for a few seconds, on one event loop, by each way the server could read:

- blocking: one psycopg connection, the read run inline on the loop (the loop waits for the
  round trip; what the SQLite reads do, where a file read has no round trip to overlap);
- thread: a psycopg_pool.ConnectionPool, each read in a worker thread (anyio's, as FastAPI's
  sync routes);
- async pool: psycopg's AsyncConnection from psycopg_pool.AsyncConnectionPool (the loop
  serves other tasks during the round trip).

Prints reads/s and the CPU this process spent per read (the server's share of a request);
the database's own CPU is the rest of the machine. Reads alone favour blocking: the server
decides by site_load.py, where the loop has other requests' work to do during a round trip
(on a busy machine, the wait for PostgreSQL to get a core). (SQLAlchemy's asyncio extension needs
greenlet and asyncpg is not installed: not measured.)
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Awaitable, Callable

import anyio.to_thread
import psycopg
from psycopg_pool import AsyncConnectionPool, ConnectionPool

SQL = "SELECT oid, relname, relkind FROM pg_class WHERE oid = %s"
OIDS = [1259, 1249, 1255, 1247]  # pg_class, pg_attribute, pg_proc, pg_type
POOL = 4


async def drive(
    read: Callable[[int], Awaitable[object]], tasks: int, seconds: float
) -> tuple[float, float]:
    """(reads per second, CPU microseconds of this process per read)."""
    done = 0
    stop = time.monotonic() + seconds

    async def worker(n: int) -> None:
        nonlocal done
        while time.monotonic() < stop:
            await read(OIDS[n % len(OIDS)])
            done += 1

    cpu, wall = time.process_time(), time.monotonic()
    await asyncio.gather(*(worker(n) for n in range(tasks)))
    cpu, wall = time.process_time() - cpu, time.monotonic() - wall
    return done / wall, cpu / max(done, 1) * 1e6


async def blocking(url: str, tasks: int, seconds: float) -> tuple[float, float]:
    conn = psycopg.connect(url, autocommit=True)

    async def read(oid: int) -> object:
        return conn.execute(SQL, (oid,), prepare=True).fetchall()

    try:
        return await drive(read, tasks, seconds)
    finally:
        conn.close()


async def thread(url: str, tasks: int, seconds: float) -> tuple[float, float]:
    pool = ConnectionPool(
        url, min_size=POOL, max_size=POOL, kwargs={"autocommit": True}
    )
    pool.wait()

    def blocking_read(oid: int) -> object:
        with pool.connection() as conn:
            return conn.execute(SQL, (oid,), prepare=True).fetchall()

    async def read(oid: int) -> object:
        return await anyio.to_thread.run_sync(blocking_read, oid)

    try:
        return await drive(read, tasks, seconds)
    finally:
        pool.close()


async def async_pool(url: str, tasks: int, seconds: float) -> tuple[float, float]:
    pool = AsyncConnectionPool(
        url, min_size=POOL, max_size=POOL, kwargs={"autocommit": True}, open=False
    )
    await pool.open(wait=True)

    async def read(oid: int) -> object:
        async with pool.connection() as conn:
            cursor = await conn.execute(SQL, (oid,), prepare=True)
            return await cursor.fetchall()

    try:
        return await drive(read, tasks, seconds)
    finally:
        await pool.close()


WAYS = {"blocking": blocking, "thread": thread, "async pool": async_pool}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--database-url", default="postgresql://postgres@127.0.0.1:5432/postgres"
    )
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--tasks", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    url = args.database_url.replace("postgresql+psycopg://", "postgresql://")
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in WAYS}
    for _ in range(args.rounds):  # in turn, so the machine's noise falls on each
        for name, way in WAYS.items():
            results[name].append(asyncio.run(way(url, args.tasks, args.seconds)))
    print(
        f"{args.tasks} tasks on one loop, {args.rounds} rounds of {args.seconds}s; medians"
    )
    print(f"{'way':<14}{'reads/s':>10}{'CPU us/read':>14}")
    for name, runs in results.items():
        rates = sorted(r for r, _ in runs)
        costs = sorted(c for _, c in runs)
        print(
            f"{name:<14}{rates[len(rates) // 2]:>10.0f}{costs[len(costs) // 2]:>14.1f}"
        )


if __name__ == "__main__":
    main()
