"""The comment counts for 20 posts (GET /comments/v1/messages-count), beside a trivial endpoint
of the same server and beside Ghost, on SQLite and on PostgreSQL; and the counts script's size.

    make bench     (or: server/.venv/bin/python bench/comment_counts.py [--only sqlite|postgresql]
                    [--database-url URL] [--rounds N] [--seconds N])

For each database (a fresh SQLite file; a fresh schema in the PostgreSQL database of
--database-url, dropped afterwards) it files 20 stories of the main brand with 60 comments
each on average (two in three published, the rest pending, rejected or deleted, so the count
has rows to pass over; on PostgreSQL then VACUUM ANALYZE, as autovacuum would leave it),
starts one Masthead process, checks the answer against what it wrote,
then drives wrk -t2 -c32 (as Ghost was measured) at GET /healthz (trivial) and at the counts
call for the 20 posts, in alternating short rounds so a busy machine's noise falls on both;
req/s, p50 and p99 are the medians of the rounds. PASS when it meets issue 15's target (5x
Ghost's 1,844 req/s for its counts call, rounded: 9,200) and issue 13's p99 limit for calls.

It also prints the gzip size (level 9) of the built counts script (web/dist-site, `npm run
build:site`) beside issue 15's limit, 700 bytes (Ghost's counts script: 725).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from statistics import median

from loadkit import (
    bench_story,
    PYTHON,
    ROOT,
    free_port,
    load_arguments,
    run_wrk,
    scratch_database,
    wait_ready,
)

THREADS, CONNECTIONS = 2, 32  # as Ghost was measured
GHOST_COMMENT_COUNTS = (
    1_844  # req/s, Ghost 5.130.6 on this machine, 2026-11-26 (issue 15)
)
TARGET = 9_200  # issue 15: 5x Ghost
CALL_P99_MS = 25.0  # issue 13's limit for calls at 32 connections
SCRIPT_LIMIT, GHOST_SCRIPT = 700, 725  # bytes gzip
SPOT = "sp_MhMain01"
POSTS = tuple(range(9001, 9021))  # 20 stories of our own, beside the demo ones
COUNTS_ENTRY = "src/site/commentCounts.ts"


def fill(database_url: str) -> dict[str, int]:
    """20 stories and their comments; the published count of each, as the call answers."""
    from masthead.articles.models import Article
    from masthead.comments.models import DELETED, PENDING, PUBLISHED, REJECTED, Comment
    from sqlalchemy import create_engine, insert

    now = datetime(2026, 11, 22, tzinfo=UTC)
    statuses = (PUBLISHED, PUBLISHED, PENDING, PUBLISHED, PUBLISHED, REJECTED, DELETED)
    stories, comments, published = [], [], {}
    for n, post_id in enumerate(POSTS):
        stories.append(bench_story(post_id, "counts", now))
        written = 7 * (n % 17)  # 0 to 112 comments: some stories have none
        for i in range(written):
            status = statuses[i % len(statuses)]
            comments.append(
                {
                    "spot_id": SPOT,
                    "post_id": post_id,
                    "author_id": None,
                    "body": "A bench comment.",
                    "status": status,
                    "created_at": now,
                }
            )
        published[str(post_id)] = sum(
            1 for i in range(written) if statuses[i % len(statuses)] == PUBLISHED
        )
    engine = create_engine(database_url)
    with engine.begin() as conn:
        conn.execute(insert(Article), stories)
        if comments:
            conn.execute(insert(Comment), comments)
    if engine.dialect.name == "postgresql":
        # As autovacuum leaves a table that has settled: statistics for the planner, and the
        # visibility map that lets the count come from the index alone.
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("VACUUM ANALYZE comments")
    engine.dispose()
    return published


def drive(
    args: argparse.Namespace, database_url: str
) -> dict[str, list[dict[str, float]]]:
    expected = fill(database_url)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "MASTHEAD_DATABASE_URL": database_url,
        "MASTHEAD_PUBLIC_URL": base,
    }
    server = subprocess.Popen(
        [str(PYTHON), "-m", "masthead.serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    counts = f"{base}/comments/v1/messages-count?spot_id={SPOT}&posts_ids=" + ",".join(
        str(p) for p in POSTS
    )
    try:
        wait_ready(base, server)
        with urllib.request.urlopen(counts) as response:
            answered = json.loads(response.read())["messages_count"]
        if answered != expected:
            raise SystemExit(f"the counts call answered {answered}, not {expected}")
        targets = {
            "GET /healthz (trivial)": f"{base}/healthz",
            "GET messages-count, 20": counts,
        }
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, url in targets.items():
                rounds[name].append(
                    run_wrk(url, args.seconds, CONNECTIONS, threads=THREADS)
                )
    finally:
        server.terminate()
        server.wait(10)
    return rounds


def report(
    args: argparse.Namespace, backend: str, rounds: dict[str, list[dict[str, float]]]
) -> None:
    print(
        f"\n{backend}: {args.rounds} rounds of {args.seconds}s per endpoint, wrk -t{THREADS} "
        f"-c{CONNECTIONS}, one server process; medians of the rounds"
    )
    print(
        f"{'endpoint':<28}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}{'/trivial':>9}"
        f"{'Ghost':>7}{'xGhost':>7}{'target':>8}{'non-2xx':>8}  verdict"
    )
    trivial = next(iter(rounds.values()))
    for name, runs in rounds.items():
        rps, p99 = median(r["rps"] for r in runs), median(r["p99"] for r in runs)
        ratio = median(r["rps"] / t["rps"] for r, t in zip(runs, trivial, strict=True))
        line = f"{name:<28}{rps:>8.0f}{median(r['p50'] for r in runs):>8.2f}{p99:>8.2f}{ratio:>8.0%} "
        if runs is trivial:
            print(f"{line}{'':>22}{sum(r['other'] for r in runs):>8.0f}")
            continue
        met = rps >= TARGET and p99 < CALL_P99_MS
        print(
            f"{line}{GHOST_COMMENT_COUNTS:>7}{rps / GHOST_COMMENT_COUNTS:>6.1f}x{TARGET:>8}"
            f"{sum(r['other'] for r in runs):>8.0f}  {'PASS' if met else 'MISS'} "
            f"(>= {TARGET}, p99 < {CALL_P99_MS:.0f} ms)"
        )


def script_size() -> None:
    dist = ROOT / "web" / "dist-site"
    manifest = dist / ".vite" / "manifest.json"
    if not manifest.exists():
        print("\ncounts script: not built (npm run build:site)")
        return
    built = json.loads(manifest.read_text())[COUNTS_ENTRY]["file"]
    size = len(gzip.compress((dist / built).read_bytes(), compresslevel=9))
    verdict = "PASS" if size <= SCRIPT_LIMIT else "MISS"
    print(
        f"\ncounts script {built}: {size} B gzip (level 9); limit {SCRIPT_LIMIT} B, "
        f"Ghost's {GHOST_SCRIPT} B: {verdict}"
    )


def main() -> None:
    args, backends = load_arguments(__doc__)
    load_before = os.getloadavg()
    for backend, url in backends.items():
        work = Path(tempfile.mkdtemp(prefix="masthead-counts-bench-"))
        try:
            with scratch_database(url, work) as database_url:
                rounds = drive(args, database_url)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        report(args, backend, rounds)
    script_size()
    before, after = (
        " ".join(f"{x:.2f}" for x in load) for load in (load_before, os.getloadavg())
    )
    print(
        f"load average (1, 5, 15 min) before: {before}; after: {after} (2 cores, shared)"
    )


if __name__ == "__main__":
    sys.exit(main())
