"""Issue 18's load runs on the scaled topology: 2 web processes and 1 job worker on
PostgreSQL and Redis, measured from outside.

    server/.venv/bin/python bench/scaled_load.py [--rounds N] [--seconds N]
        [--mixed-seconds N] [--compare-one-process] [--database-url URL] [--server-log FILE]

Needs PostgreSQL and Redis (as `make run-scaled` does) and wrk. Starts `python -m
masthead.scaled --fresh --web 2 --workers 1` on a database of its own (masthead_bench_scaled on
--database-url's server, dropped and seeded again each run) and a free port, signs the demo
subscriber in (subscriber@example.com, a member of the annual plan), then:

1. Rounds. wrk -t2 -c32 at GET /healthz (the reference: no database), the anonymous story
   page, the members' page (the same members-only story as the signed-in subscriber loads it:
   the page with their session's nonce, whose islands then fetch the body through the content
   release; site_load.py's "story page, member", held to Ghost's paid story page for a member
   in issue 13) and the entitlement decision (POST /zephr/decision-engine
   membership-entitlement-check with the subscriber's cookie: what the page's islands ask).
   The targets take turns, so a busy machine's noise falls on all of them. Prints each
   round's req/s, p50 and p99, how the kernel spread wrk's connections over the web processes
   (they share one listening socket) and the CPU each used, then the median p99 beside issue
   18's limits (pages 100 ms, calls 25 ms). --compare-one-process runs the same rounds again
   on --web 1, a topology of its own.

2. Mixed traffic (scaled_mixed.py) for --mixed-seconds, in windows of 30 s: one wrk per kind
   at once, so each kind has its own p99; 32 connections in all: anonymous story pages 12,
   signed-in session checks 8 (GET /blaize/datalayer, which the account area and every page
   ask), content releases 6, comment counts for the brand's stories 6. Beside them a trickle:
   each second (--trickle-seconds) a new reader registers, logs in and subscribes (the
   sandbox's valid card; monthly and annual plans in turn). After each window it prints each
   kind's req/s and p99, the answers and errors so far, the trickle's p99, the RSS of each
   process of the topology (read from /proc), the connections per web process and the outbox.
   At the end: the error rate, p99 per window (stable: no window over twice the median), each
   process's memory after the first and the last window (flat: within 10 %), and whether the
   outbox drained (within 60 s: no job due, running, waiting for a retry, or failed).

Every client comes from 127.0.0.1, so the per-address rate limits of logins, registrations
and card attempts are lifted, as site_load.py does. Exit status 1 when an answer was an error
(anything but 2xx or 3xx, a socket error) or the outbox did not drain; the p99 and memory
verdicts are printed, since on a shared machine they are noise as much as signal.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from statistics import median

import psycopg
from loadkit import (
    PYTHON,
    ROOT,
    connections_by_process,
    cpu_seconds,
    descendants,
    free_port,
    run_wrk,
    wait_ready,
)
from scaled_mixed import Kind, call, drained, login, report_mixed, role, run_mixed
from site_load import STORY, decision_body, post_script

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/"
DATABASE = "masthead_bench_scaled"
SUBSCRIBER, DEMO_PASSWORD = "subscriber@example.com", "Masthead-Demo-1"  # seed.py's
THREADS, CONNECTIONS = 2, 32  # as the 2026-11-26 runs of issue 18
PAGE_P99_MS, CALL_P99_MS = 100.0, 25.0  # issue 18's limits with several processes
UNLIMITED = "1000000000"


@dataclass
class Topology:
    base: str
    process: subprocess.Popen[bytes]
    database_url: str  # psycopg's spelling, for the outbox queries


@contextlib.contextmanager
def scaled(database_server: str, web: int, log: Path | None) -> Iterator[Topology]:
    """masthead.scaled on a fresh database of its own and a free port, until the block ends
    (Ctrl-C included): SIGTERM, then SIGKILL for whatever of its tree is left after 30 s."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    database_url = database_server.rstrip("/") + "/" + DATABASE
    env = {
        **os.environ,
        "MASTHEAD_RATE_LIMIT_PER_ADDRESS": UNLIMITED,
        "MASTHEAD_RATE_LIMIT_PER_ACCOUNT": UNLIMITED,
        "MASTHEAD_CARD_ATTEMPTS_PER_ADDRESS": UNLIMITED,  # the trickle's subscribes
    }
    command = [str(PYTHON), "-m", "masthead.scaled", "--fresh", "--web", str(web)]
    command += ["--workers", "1", "--port", str(port), "--database-url", database_url]
    output = log.open("ab") if log else subprocess.DEVNULL
    # A session of its own: Ctrl-C reaches this script alone, which stops the tree in order.
    process = subprocess.Popen(  # noqa: S603  (our interpreter and module)
        command,
        env=env,
        cwd=ROOT / "server",
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        wait_ready(base, process, seconds=180)
        yield Topology(base, process, database_url.replace("+psycopg", ""))
    finally:
        tree = descendants(process.pid)
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            for pid in [process.pid, *tree]:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            process.wait()
        if log:
            output.close()  # type: ignore[union-attr]


@dataclass(frozen=True)
class Member:
    cookie: str
    content_id: str
    nonce: str


def signed_in_subscriber(base: str) -> Member:
    """The demo subscriber's session, the story's content id and its page's nonce; checked to
    be entitled first, so the members' figures are a member's."""
    status, cookie = login(base, SUBSCRIBER, DEMO_PASSWORD)
    if status != 200:
        raise SystemExit(f"the demo subscriber's login answered {status}")
    _, page = call(base, STORY, cookie=cookie)
    marker = 'id="membership-content">'
    block = page.split(marker, 1)[1].split("</script>", 1)[0]
    content = json.loads(block)
    _, text = call(base, "/zephr/decision-engine", decision_body(content["contentId"]), cookie)
    if json.loads(text)["outputValue"] is not True:
        raise SystemExit(f"the demo subscriber is not entitled: {text}")
    return Member(cookie, content["contentId"], content["nonce"])


# Part 1: rounds.


@dataclass(frozen=True)
class Target:
    name: str
    limit_ms: float | None  # issue 18's p99 limit; None for the reference
    path: str
    headers: tuple[str, ...] = ()
    script: Path | None = None


def round_targets(member: Member, work: Path) -> list[Target]:
    cookie = f"Cookie: {member.cookie}"
    decide = post_script(work, decision_body(member.content_id))
    return [
        Target("GET /healthz (reference)", None, "/healthz"),
        Target("story page, anonymous", PAGE_P99_MS, STORY),
        Target("members' page (story, member)", PAGE_P99_MS, STORY, (cookie,)),
        Target("entitlement decision", CALL_P99_MS, "/zephr/decision-engine", (cookie,), decide),
    ]


Rounds = dict[str, list[dict[str, float]]]


def web_processes(topology: Topology) -> list[int]:
    """The processes that answer (masthead.web_process, one per --web)."""
    return [pid for pid in descendants(topology.process.pid) if role(pid) == "web"]


def rounds(args: argparse.Namespace, topology: Topology, work: Path, label: str) -> Rounds:
    """Each target in turn, round after round; beside each, how the kernel spread wrk's 32
    connections over the web processes (sampled half-way through: they stay for the round)
    and the CPU each process used (cores: CPU seconds per second of the round)."""
    targets = round_targets(signed_in_subscriber(topology.base), work)
    found: Rounds = {t.name: [] for t in targets}
    web = web_processes(topology)
    port = int(topology.base.rsplit(":", 1)[1])
    print(f"\nRounds, {label}: wrk -t{THREADS} -c{CONNECTIONS}, {args.seconds} s each", flush=True)
    with ThreadPoolExecutor(1) as pool:
        for n in range(1, args.rounds + 1):
            for t in targets:
                cpu_before = [cpu_seconds(pid) for pid in web]
                run = pool.submit(
                    run_wrk,
                    topology.base + t.path,
                    args.seconds,
                    CONNECTIONS,
                    script=t.script,
                    headers=t.headers,
                    threads=THREADS,
                )
                time.sleep(args.seconds / 2)
                spread = connections_by_process(web, port).values()
                r = run.result()
                cores = [
                    (cpu_seconds(pid) - was) / args.seconds
                    for pid, was in zip(web, cpu_before, strict=True)
                ]
                found[t.name].append(r)
                print(
                    f"  round {n}  {t.name:<31}{r['rps']:>7.0f} req/s  p50 {r['p50']:>7.2f} ms"
                    f"  p99 {r['p99']:>8.2f} ms  errors {r['other'] + r['socket_errors']:.0f}"
                    f"  per web process: connections {'+'.join(map(str, spread))},"
                    f" cores {'+'.join(f'{c:.2f}' for c in cores)}",
                    flush=True,
                )
    return found


def report_rounds(found: dict[str, Rounds], limits: dict[str, float | None]) -> int:
    """The medians per topology side by side; the number of error answers."""
    labels = list(found)
    print(f"\nMedians of the rounds ({' | '.join(labels)}):")
    head = "".join(f"{'req/s':>9}{'p50 ms':>8}{'p99 ms':>9}{'max p99':>9}" for _ in labels)
    print(f"{'target':<32}{head}  verdict ({labels[0]})")
    errors = 0
    for name, limit in limits.items():
        line = f"{name:<32}"
        for label in labels:
            runs = found[label][name]
            errors += int(sum(r["other"] + r["socket_errors"] for r in runs))
            line += f"{median(r['rps'] for r in runs):>9.0f}{median(r['p50'] for r in runs):>8.2f}"
            line += f"{median(r['p99'] for r in runs):>9.2f}{max(r['p99'] for r in runs):>9.2f}"
        if limit is not None:
            p99 = median(r["p99"] for r in found[labels[0]][name])
            line += f"  {'PASS' if p99 < limit else 'MISS'} (median p99 < {limit:.0f} ms)"
        print(line)
    return errors


# Part 2: mixed traffic (scaled_mixed.py).


def mixed_kinds(topology: Topology, member: Member) -> list[Kind]:
    """The reading traffic; the counts are those the brand's home page asks, for its stories."""
    with psycopg.connect(topology.database_url) as conn:
        rows = conn.execute(
            "SELECT post_id, comments_spot_id FROM articles"
            " WHERE brand = 'main' AND status = 'published' ORDER BY post_id"
        ).fetchall()
    counts = f"/comments/v1/messages-count?spot_id={rows[0][1]}&posts_ids="
    counts += ",".join(str(post) for post, _ in rows)
    cookie = f"Cookie: {member.cookie}"
    release = f"/wp-json/nyp-membership/v1/content/{member.content_id}"
    return [
        Kind("story page, anonymous", 12, PAGE_P99_MS, STORY),
        Kind("session check, signed in", 8, CALL_P99_MS, "/blaize/datalayer", (cookie,)),
        Kind("content release", 6, CALL_P99_MS, release, (cookie, f"X-WP-Nonce: {member.nonce}")),
        Kind("comment counts", 6, CALL_P99_MS, counts),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=6, help="0 leaves them out")
    parser.add_argument("--seconds", type=int, default=10, help="per target and round")
    parser.add_argument("--mixed-seconds", type=int, default=600, help="0 leaves it out")
    parser.add_argument(
        "--trickle-seconds",
        type=float,
        default=1.0,
        help="a new reader every N s in the mixed traffic; 0: none",
    )
    parser.add_argument(
        "--compare-one-process", action="store_true", help="the rounds on --web 1 as well"
    )
    parser.add_argument(
        "--database-url", default=POSTGRES, help=f"the PostgreSQL server (database {DATABASE})"
    )
    parser.add_argument(
        "--server-log", type=Path, help="where to keep the topology's output (JSON lines: large)"
    )
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk")
    load_before = os.getloadavg()
    found: dict[str, Rounds] = {}
    failures = []
    with tempfile.TemporaryDirectory(prefix="masthead-scaled-bench-") as scratch:
        work = Path(scratch)
        with scaled(args.database_url, 2, args.server_log) as topology:
            if args.rounds:
                found["2 web + 1 worker"] = rounds(args, topology, work, "2 web + 1 worker")
            if args.mixed_seconds:
                kinds = mixed_kinds(topology, signed_in_subscriber(topology.base))
                windows = run_mixed(
                    kinds,
                    topology.base,
                    topology.database_url,
                    topology.process.pid,
                    args.mixed_seconds,
                    args.trickle_seconds,
                )
                if report_mixed(kinds, windows):
                    failures.append("the mixed traffic had errors")
                if not drained(topology.database_url):
                    failures.append("the outbox did not drain")
        if args.rounds and args.compare_one_process:
            with scaled(args.database_url, 1, args.server_log) as topology:
                found["1 web + 1 worker"] = rounds(args, topology, work, "1 web + 1 worker")
        if found:
            limits = {t.name: t.limit_ms for t in round_targets(Member("", "", ""), work)}
            if report_rounds(found, limits):
                failures.append("the rounds had errors")
    before, after = (" ".join(f"{x:.2f}" for x in load) for load in (load_before, os.getloadavg()))
    print(f"load average (1, 5, 15 min) before: {before}; after: {after} (2 cores, shared)")
    if failures:
        print("FAILED: " + "; ".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the topology is stopped already (scaled's finally)
        sys.exit("stopped")
