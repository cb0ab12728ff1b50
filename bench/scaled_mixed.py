"""The mixed-traffic part of scaled_load.py (issue 18): reading load from wrk, one process per
kind so each kind has its own p99, a trickle of new readers beside it, and every window the
memory of the topology's processes and the outbox."""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

import psycopg
from loadkit import connections_by_process, descendants, percentile, rss_mib, run_wrk

WINDOW_SECONDS, DRAIN_SECONDS = 30, 60
TRICKLE_PASSWORD = "Bench-Password-1"  # noqa: S105  (readers of the bench's own database)
# The sandbox gateway's card that always goes through (braintree_sandbox).
VALID_CARD = "fake-valid-visa-nonce"


def call(base: str, path: str, body: object = None, cookie: str = "") -> tuple[int, str]:
    """(status, text) of one request as the site's pages send it (JSON, Origin, cookie)."""
    headers = {"content-type": "application/json", "origin": base}
    if cookie:
        headers["cookie"] = cookie
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, headers)  # noqa: S310  (our server)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def login(base: str, email: str, password: str) -> tuple[int, str]:
    """(status, the session cookie as `name=value`; empty unless 200)."""
    identity = {"identifiers": {"email_address": email}, "validators": {"password": password}}
    status, text = call(base, "/blaize/login", identity)
    return status, json.loads(text)["cookie"].split(";")[0] if status == 200 else ""


@dataclass(frozen=True)
class Kind:
    name: str
    connections: int  # wrk's, of the 32
    limit_ms: float  # issue 18's p99 limit for it
    path: str
    headers: tuple[str, ...] = ()


@dataclass
class Trickle:
    """A new reader every few seconds: registers, logs in, subscribes (monthly and annual in
    turn). Two argon2id hashes each (register, login): not cheap on a small machine."""

    base: str
    every: float  # seconds between new readers
    stop: threading.Event = field(default_factory=threading.Event)
    answers: list[tuple[str, int, float]] = field(default_factory=list)  # step, status, ms
    lock: threading.Lock = field(default_factory=threading.Lock)
    readers: int = 0

    def run(self) -> None:
        while not self.stop.is_set():
            started = time.monotonic()
            self.journey()
            self.stop.wait(max(0.0, self.every - (time.monotonic() - started)))

    def journey(self) -> None:
        self.readers += 1
        email = f"trickle-{os.getpid()}-{self.readers}@example.com"
        identity = {
            "identifiers": {"email_address": email},
            "validators": {"password": TRICKLE_PASSWORD},
        }
        registration = {**identity, "attributes": {"full-name": "Trickle Reader"}}
        if not 200 <= self.step("register", "/blaize/register", registration)[0] < 300:
            return
        status, text = self.step("login", "/blaize/login", identity)
        if status != 200:
            return
        order = {
            "plan_id": ("sports-monthly", "sports-annual")[self.readers % 2],
            "product_id": "sports-membership",
            "payment_nonce": VALID_CARD,
        }
        cookie = json.loads(text)["cookie"].split(";")[0]
        self.step("subscribe", "/blaize/payment/braintree/subscribe", order, cookie)

    def step(self, name: str, path: str, body: object, cookie: str = "") -> tuple[int, str]:
        started = time.monotonic()
        try:
            status, text = call(self.base, path, body, cookie)
        except OSError:  # refused, reset, timed out: an error like any other
            status, text = 0, ""
        with self.lock:
            self.answers.append((name, status, (time.monotonic() - started) * 1000))
        return status, text

    def take(self) -> list[tuple[str, int, float]]:
        with self.lock:
            taken, self.answers = self.answers, []
        return taken


# Outstanding: due, running (claimed: attempts counted, leased) or waiting for a retry.
# Later: pending, not yet due and never tried (a job scheduled ahead on purpose).
OUTBOX = """SELECT
  count(*) FILTER (WHERE status = 'pending' AND (run_after <= now() OR attempts > 0)),
  count(*) FILTER (WHERE status = 'pending' AND run_after > now() AND attempts = 0),
  count(*) FILTER (WHERE status = 'failed'),
  count(*) FILTER (WHERE status = 'done')
FROM outbox_jobs"""


def outbox_figures(conn: psycopg.Connection[tuple[int, ...]]) -> tuple[int, int, int, int]:
    """(outstanding, later, failed, done), as OUTBOX counts them."""
    row = conn.execute(OUTBOX).fetchone()
    assert row is not None  # an aggregate always answers one row
    outstanding, later, failed, done = row
    return int(outstanding), int(later), int(failed), int(done)


@dataclass
class Window:
    end: int  # seconds since the mixed run began
    load: dict[str, dict[str, float]]  # kind -> wrk's figures
    trickle: list[tuple[str, int, float]]
    memory: dict[int, tuple[str, float]]  # pid -> role, RSS MiB
    outbox: tuple[int, int, int, int]  # outstanding, later, failed, done
    spread: list[int]  # wrk's connections held by each web process, half-way through

    def answers_and_errors(self) -> tuple[int, int]:
        """Errors: answers not 2xx or 3xx, socket errors and timeouts, load and trickle."""
        load = self.load.values()
        answers = sum(r["ok"] + r["other"] for r in load) + len(self.trickle)
        errors = sum(r["other"] + r["socket_errors"] for r in load)
        errors += sum(1 for _, status, _ in self.trickle if not 200 <= status < 400)
        return int(answers), int(errors)


def role(pid: int) -> str | None:
    """What a process of the topology is, from its command line; None for helpers."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except FileNotFoundError:
        return None
    if "masthead.worker" in command:
        return "worker"
    if "masthead.web_process" in command:
        return "web"
    return None  # masthead.scaled itself, its supervisor


def memory(root_pid: int, samples: int = 1) -> dict[int, tuple[str, float]]:
    """Each process's RSS: the least of `samples` readings 0.2 s apart, so a password hash in
    flight (argon2id holds 64 MiB while it runs) does not pass for growth."""
    found: dict[int, tuple[str, float]] = {}
    for n in range(samples):
        if n:
            time.sleep(0.2)
        for pid in descendants(root_pid):
            kind, rss = role(pid), rss_mib(pid)
            if kind and rss is not None:
                found[pid] = (kind, min(rss, found.get(pid, (kind, rss))[1]))
    return found


def print_window(w: Window, so_far: list[Window]) -> None:
    parts = [
        f"{name.split(',')[0]} {r['rps']:.0f}/s p99 {r['p99']:.1f}" for name, r in w.load.items()
    ]
    ms = sorted(m for _, _, m in w.trickle)
    parts.append(f"trickle {len(w.trickle)} p99 {percentile(ms, 0.99):.0f}")
    totals = [x.answers_and_errors() for x in so_far]
    answers, errors = sum(a for a, _ in totals), sum(e for _, e in totals)
    rss = " ".join(f"{kind} {pid} {mib:.0f}" for pid, (kind, mib) in sorted(w.memory.items()))
    print(
        f"  [{w.end:>4} s] {' | '.join(parts)} ms | so far {answers} answers, {errors} errors | "
        f"RSS MiB {rss} | connections per web {'+'.join(map(str, w.spread))} | outbox: "
        f"outstanding {w.outbox[0]} later {w.outbox[1]} failed {w.outbox[2]} done {w.outbox[3]}",
        flush=True,
    )


def run_mixed(
    kinds: list[Kind], base: str, database_url: str, root_pid: int, seconds: int, every: float
) -> list[Window]:
    """The load for `seconds`, in windows; a new reader every `every` s throughout (0: none)."""
    print(
        f"\nMixed traffic for {seconds} s, windows of {WINDOW_SECONDS} s, one wrk each: "
        + ", ".join(f"{k.name} ({k.connections} connections)" for k in kinds)
        + (
            f"; a new reader registering, logging in and subscribing every {every:g} s"
            if every
            else ""
        ),
        flush=True,
    )
    port = int(base.rsplit(":", 1)[1])
    trickle = Trickle(base, every)
    thread = threading.Thread(target=trickle.run, daemon=True)
    if every:
        thread.start()
    windows: list[Window] = []
    try:
        with (
            ThreadPoolExecutor(len(kinds)) as pool,
            psycopg.connect(database_url, autocommit=True) as conn,
        ):
            while (elapsed := windows[-1].end if windows else 0) < seconds:
                length = min(WINDOW_SECONDS, seconds - elapsed)
                runs = [
                    pool.submit(run_wrk, base + k.path, length, k.connections, headers=k.headers)
                    for k in kinds
                ]
                time.sleep(length / 2)  # wrk's connections stay for the window: count them
                web = [pid for pid, (kind, _) in memory(root_pid).items() if kind == "web"]
                spread = list(connections_by_process(web, port).values())
                load = {k.name: run.result() for k, run in zip(kinds, runs, strict=True)}
                window = Window(
                    elapsed + length,
                    load,
                    trickle.take(),
                    memory(root_pid, samples=5),
                    outbox_figures(conn),
                    spread,
                )
                windows.append(window)
                print_window(window, windows)
    finally:
        trickle.stop.set()
        if every:
            thread.join(60)
    if windows:
        windows[-1].trickle += trickle.take()  # the journey that was in flight at the end
    return windows


def drained(database_url: str) -> bool:
    """Waits up to DRAIN_SECONDS for no job due, running, retrying or failed; says what is
    left."""
    started = time.monotonic()
    with psycopg.connect(database_url, autocommit=True) as conn:
        while True:
            outstanding, later, failed, done = outbox_figures(conn)
            if outstanding == 0 or time.monotonic() - started > DRAIN_SECONDS:
                break
            time.sleep(0.5)
        left = conn.execute(
            "SELECT topic, status, count(*), max(attempts), max(last_error) FROM outbox_jobs"
            " WHERE status = 'failed' OR (status = 'pending' AND (run_after <= now()"
            " OR attempts > 0)) GROUP BY topic, status ORDER BY topic"
        ).fetchall()
    print(
        f"\nOutbox after the load: {done} done, {outstanding} due or running, {failed} failed, "
        f"{later} scheduled for later; waited {time.monotonic() - started:.1f} s "
        f"(limit {DRAIN_SECONDS} s)"
    )
    for topic, status, count, attempts, error in left:
        print(f"  left: {topic} {status} x{count}, up to {attempts} attempts; {error}")
    return outstanding == 0 and failed == 0


def report_mixed(kinds: list[Kind], windows: list[Window]) -> int:
    """p99 per window, errors, memory first and last; returns the number of errors."""
    print(
        f"\nMixed traffic, {len(windows)} windows: p99 ms per window "
        "(stable: no window over twice the median)"
    )
    for kind in kinds:
        p99s = [w.load[kind.name]["p99"] for w in windows]
        answered = sum(w.load[kind.name]["ok"] + w.load[kind.name]["other"] for w in windows)
        stable = max(p99s) <= 2 * median(p99s)
        print(
            f"  {kind.name:<26}{answered:>9.0f} answers  p99 "
            + " ".join(f"{p:.0f}" for p in p99s)
            + f"  median {median(p99s):.1f}: {'stable' if stable else 'NOT stable'}, "
            f"{'under' if median(p99s) < kind.limit_ms else 'OVER'} {kind.limit_ms:.0f} ms"
        )
    steps: dict[str, list[float]] = {}
    for w in windows:
        for step, _, ms in w.trickle:
            steps.setdefault(step, []).append(ms)
    for step, times in steps.items():
        times.sort()
        print(
            f"  trickle: {step:<17}{len(times):>9} answers  p50 {percentile(times, 0.5):.0f} ms"
            f"  p99 {percentile(times, 0.99):.0f} ms"
        )
    answers = errors = 0
    for w in windows:
        a, e = w.answers_and_errors()
        answers, errors = answers + a, errors + e
    print(f"Errors: {errors} of {answers} answers ({errors / max(answers, 1):.4%})")
    refused = sorted({s for w in windows for _, s, _ in w.trickle if not 200 <= s < 400})
    if refused:
        print(f"  the trickle's error statuses (0: no answer): {refused}")
    first, last = windows[0].memory, windows[-1].memory
    print("Memory (RSS MiB) after the first window -> after the last (flat: within 10 %):")
    for pid in sorted(first.keys() | last.keys()):
        if pid in first and pid in last:
            before, after = first[pid][1], last[pid][1]
            verdict = "flat" if after <= before * 1.10 else "GROWING"
            growth = after / before - 1
            print(f"  {first[pid][0]} {pid}: {before:.0f} -> {after:.0f} ({growth:+.1%}) {verdict}")
        else:
            was = first.get(pid) or last[pid]
            gone = "gone" if pid in first else "new"
            print(f"  {was[0]} {pid}: {gone} during the run (a process restarted?)")
    return errors
