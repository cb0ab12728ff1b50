"""The first page of a 200-comment thread for a signed-out reader (GET /comments/v1/thread),
beside a trivial endpoint of the same server, on SQLite and on PostgreSQL.

    make bench     (or: server/.venv/bin/python bench/comment_thread.py [--only sqlite|postgresql]
                    [--database-url URL] [--rounds N] [--seconds N])

For each database (a fresh SQLite file; a fresh schema in the PostgreSQL database of
--database-url, dropped afterwards) it files one story with 200 published comments by 40
readers with profiles (120 top-level, 60 replies, 20 replies to replies, some voted on) and 30
more pending, rejected or deleted (which the read passes over), starts one Masthead process (demo content seeded beside),
checks the answer against what it wrote, then drives wrk -t2 -c32 at GET /healthz (trivial)
and at the thread's first page ("best" order, the default), in alternating short rounds so a
busy machine's noise falls on both; req/s, p50 and p99 are the medians of the rounds. PASS
when it meets issue 15's target: at least 1,000 req/s with p99 under 50 ms.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from statistics import median

from loadkit import bench_story, load_arguments, run_wrk, scratch_database, serve

THREADS, CONNECTIONS = 2, 32
TARGET_RPS, TARGET_P99_MS = 1_000, 50.0  # issue 15
SPOT = "sp_MhMain01"
POST = 9101
READERS = 40
TOP, REPLIES, DEEP, HIDDEN = 120, 60, 20, 30  # 200 published, 30 not shown


def fill(database_url: str) -> int:
    """The story, its readers and comments; the published total the call must answer."""
    from masthead.articles.models import Article
    from masthead.comments.models import DELETED, PENDING, PUBLISHED, REJECTED, Comment
    from masthead.identity.models import Profile, User
    from sqlalchemy import create_engine, insert, select

    now = datetime(2026, 11, 22, tzinfo=UTC)
    engine = create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(
            insert(Article),
            [bench_story(POST, "thread", now)],
        )
        users = [
            {
                "email": f"bench-commenter-{n}@example.com",
                "email_verified": True,
                "tracking_id": f"00000000-0000-4000-8000-{n:012d}",
                "created_at": now,
                "updated_at": now,
            }
            for n in range(READERS)
        ]
        conn.execute(insert(User), users)
        ids = list(
            conn.scalars(select(User.id).where(User.email.like("bench-commenter-%")))
        )
        conn.execute(
            insert(Profile),
            [
                {
                    "user_id": user_id,
                    "attributes": {
                        "first-name": f"Reader{n}",
                        "last-name": "Bench",
                        "avatar-color": f"#{(n * 5_000) % 0xFFFFFF:06x}",
                        "private-profile": n % 10 == 0,
                    },
                    "updated_at": now,
                }
                for n, user_id in enumerate(ids)
            ],
        )

        def add(count: int, parents: list[int] | None, status: str) -> list[int]:
            rows = [
                {
                    "spot_id": SPOT,
                    "post_id": POST,
                    "parent_id": parents[i % len(parents)] if parents else None,
                    "author_id": ids[i % len(ids)],
                    "body": f"Bench comment {i}: a sentence or two of what a reader thinks, "
                    "with a link https://example.com/a-source now and then.",
                    "status": status,
                    "created_at": now - timedelta(minutes=count - i),
                    "up_votes": i % 7,
                    "down_votes": i % 3,
                }
                for i in range(count)
            ]
            return list(conn.scalars(insert(Comment).returning(Comment.id), rows))

        tops = add(TOP, None, PUBLISHED)
        replies = add(REPLIES, tops[:40], PUBLISHED)
        add(DEEP, replies[:20], PUBLISHED)
        for n, status in enumerate((PENDING, REJECTED, DELETED)):
            add(HIDDEN // 3, tops[n * 10 : n * 10 + 10], status)
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("VACUUM ANALYZE comments")
    engine.dispose()
    return TOP + REPLIES + DEEP


def drive(args, database_url: str) -> dict[str, list[dict[str, float]]]:  # type: ignore[no-untyped-def]
    expected = fill(database_url)
    with serve(database_url) as server:
        thread = f"{server.base}/comments/v1/thread?spot_id={SPOT}&post_id={POST}"
        with urllib.request.urlopen(thread) as response:
            page = json.loads(response.read())
        if (
            page["total"] != expected
            or len(page["comments"]) != 20
            or not page["next_cursor"]
        ):
            raise SystemExit(
                f"the thread answered total {page['total']}, not {expected}"
            )
        targets = {
            "GET /healthz (trivial)": f"{server.base}/healthz",
            "GET thread, first page": thread,
        }
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, url in targets.items():
                rounds[name].append(
                    run_wrk(url, args.seconds, CONNECTIONS, threads=THREADS)
                )
    return rounds


def report(args, backend: str, rounds: dict[str, list[dict[str, float]]]) -> None:  # type: ignore[no-untyped-def]
    print(
        f"\n{backend}: {args.rounds} rounds of {args.seconds}s per endpoint, wrk -t{THREADS} "
        f"-c{CONNECTIONS}, one server process; medians of the rounds"
    )
    print(
        f"{'endpoint':<28}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}{'/trivial':>9}  verdict"
    )
    trivial = next(iter(rounds.values()))
    for name, runs in rounds.items():
        rps, p99 = median(r["rps"] for r in runs), median(r["p99"] for r in runs)
        ratio = median(r["rps"] / t["rps"] for r, t in zip(runs, trivial, strict=True))
        line = f"{name:<28}{rps:>8.0f}{median(r['p50'] for r in runs):>8.2f}{p99:>8.2f}{ratio:>8.0%}"
        if runs is trivial:
            print(line)
            continue
        met = rps >= TARGET_RPS and p99 < TARGET_P99_MS
        print(
            f"{line}  {'PASS' if met else 'MISS'} (>= {TARGET_RPS} req/s, p99 < {TARGET_P99_MS:.0f} ms)"
        )


def main() -> None:
    args, backends = load_arguments(__doc__)
    for backend, url in backends.items():
        work = Path(tempfile.mkdtemp(prefix="masthead-thread-bench-"))
        try:
            with scratch_database(url, work) as database_url:
                rounds = drive(args, database_url)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        report(args, backend, rounds)
    print(f"load average (1, 5, 15 min) after: {os.getloadavg()}")


if __name__ == "__main__":
    sys.exit(main())
