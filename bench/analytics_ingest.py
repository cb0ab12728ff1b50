"""Widget analytics ingest: events per second one server process accepts, and none lost.

    make bench   (or: server/.venv/bin/python bench/analytics_ingest.py [--seconds N]
                  [--connections N] [--database-url URL] [--client wrk|python]
                  [--origin URL] [--preflight])

Starts Masthead (demo content seeded, so the tenant test_masthead exists) on a free port with
a fresh SQLite file, or on --database-url (a PostgreSQL URL: its analytics rows are counted
before and after). Drives POST /a/test_masthead/widgets/analytics/loaded as the widget sends
it from a merchant page (Origin, Accept, Content-Type, body {}), one event per request on
keep-alive connections, with wrk when it is installed, else with a small asyncio client.
--preflight (asyncio client) sends the browser's CORS preflight before every event, as a
browser does for a URL it has not preflighted in the last 10 minutes.

Then kills the server (SIGKILL, as a crash would), counts the rows stored and prints both:
every event answered 2xx must be stored (rows may exceed the 2xx count only by requests still
open when the client stopped); a lost event makes the exit status 1. Also prints the CPU the server process spent per accepted event and
the CPU the client used, since on a small machine they share the cores.
Target: 3,000 events/s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from loadkit import PYTHON, ROOT, cpu_seconds, free_port, run_wrk, wait_ready

TENANT = "test_masthead"
PATH = (
    f"/a/{TENANT}/widgets/analytics/loaded"
    "?externalAccountId=bench-account&externalUserId=bench-user&engagementMedium=POPUP"
)
MERCHANT = "http://127.0.0.1:8765"  # a merchant page the demo tenant allows (seed.py)
TARGET = 3000


def count_rows(database_url: str) -> int:
    """Rows of referral_analytics_events, read with the server's own SQLAlchemy."""
    code = (
        "import sys\nfrom sqlalchemy import create_engine, text\n"
        "e = create_engine(sys.argv[1])\n"
        "with e.connect() as c:\n"
        "    print(c.execute(text('SELECT count(*) FROM referral_analytics_events')).scalar())\n"
    )
    out = subprocess.run(
        [str(PYTHON), "-c", code, database_url],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(out.stdout.strip())


def event_headers(origin: str) -> dict[str, str]:
    """What the widget's fetch sends (widget/src/http.ts), Origin as the browser adds it."""
    headers = {"Accept": "application/json", "Content-Type": "application/json"}
    if origin:
        headers["Origin"] = origin
    return headers


def wrk_script(origin: str) -> str:
    lines = ['wrk.method = "POST"', 'wrk.body = "{}"']
    lines += [f'wrk.headers["{k}"] = "{v}"' for k, v in event_headers(origin).items()]
    return "\n".join(lines) + "\n"


def run_wrk_ingest(
    url: str, seconds: int, connections: int, origin: str, work: Path
) -> dict[str, float]:
    """wrk counts answers of status 400 and above as "Non-2xx or 3xx"; the endpoint never
    redirects, so the rest are the 2xx answers."""
    script = work / "analytics.lua"
    script.write_text(wrk_script(origin))
    return run_wrk(url, seconds, connections, script=script)


def raw_request(
    method: str, url: str, headers: dict[str, str], body: bytes = b""
) -> bytes:
    parts = urlsplit(url)
    lines = [f"{method} {parts.path}?{parts.query} HTTP/1.1", f"Host: {parts.netloc}"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    if method != "OPTIONS":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


async def python_client(
    url: str, seconds: int, connections: int, origin: str, preflight: bool
) -> dict[str, float]:
    """Keep-alive HTTP/1.1 on raw asyncio streams, one request at a time per connection as a
    browser sends them: far lighter than an HTTP library."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    event = raw_request("POST", url, event_headers(origin), b"{}")
    ask = raw_request(
        "OPTIONS",
        url,
        {
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    ok = other = errors = refused_preflights = 0
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def exchange(
        request: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> int:
        writer.write(request)
        await writer.drain()
        status = int((await reader.readline()).split()[1])
        length = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if length:
            await reader.readexactly(length)
        return status

    async def worker() -> None:
        nonlocal ok, other, errors, refused_preflights
        streams = None
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            try:
                streams = streams or await asyncio.open_connection(host, port)
                if preflight and not 200 <= await exchange(ask, *streams) < 300:
                    refused_preflights += 1
                    continue
                status = await exchange(event, *streams)
            except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
                errors += 1
                streams = None
                continue
            latencies.append((time.perf_counter() - started) * 1000)
            if 200 <= status < 300:
                ok += 1
            else:
                other += 1
        if streams:
            streams[1].close()

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(connections)))
    elapsed = time.perf_counter() - began
    latencies.sort()

    def pick(q: float) -> float:
        return (
            latencies[min(len(latencies) - 1, int(q * len(latencies)))]
            if latencies
            else 0.0
        )

    return {
        "rps": (ok + other) / elapsed,
        "ok": float(ok),
        "other": float(other + refused_preflights),
        "socket_errors": float(errors),
        "p50": pick(0.5),
        "p99": pick(0.99),
    }


def client_cpu_seconds(client: str) -> float:
    """wrk is a child process; the asyncio client runs in this one."""
    who = resource.RUSAGE_CHILDREN if client == "wrk" else resource.RUSAGE_SELF
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--client", choices=["wrk", "python"], default="")
    parser.add_argument(
        "--origin", default=MERCHANT, help="the page's origin ('' sends no Origin)"
    )
    parser.add_argument(
        "--preflight", action="store_true", help="a CORS preflight before every event"
    )
    args = parser.parse_args()
    client = args.client or (
        "python" if args.preflight or not shutil.which("wrk") else "wrk"
    )
    if client == "wrk" and shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk (or --client python)")
    if args.preflight and (client == "wrk" or not args.origin):
        raise SystemExit(
            "--preflight needs the asyncio client (--client python) and an origin"
        )

    work = Path(tempfile.mkdtemp(prefix="masthead-analytics-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    database_url = args.database_url or f"sqlite:///{work / 'bench.db'}"
    env = {
        **os.environ,
        "MASTHEAD_DATABASE_URL": database_url,
        "MASTHEAD_PUBLIC_URL": base,
        "MASTHEAD_SEED_DEMO": "true",
    }
    server = subprocess.Popen(
        [str(PYTHON), "-m", "masthead.serve", "--port", str(port)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(base, server)
        before = count_rows(database_url)
        url = base + PATH
        server_cpu, client_cpu = cpu_seconds(server.pid), client_cpu_seconds(client)
        if client == "wrk":
            result = run_wrk_ingest(
                url, args.seconds, args.connections, args.origin, work
            )
        else:
            result = asyncio.run(
                python_client(
                    url, args.seconds, args.connections, args.origin, args.preflight
                )
            )
        server_cpu = cpu_seconds(server.pid) - server_cpu
        client_cpu = client_cpu_seconds(client) - client_cpu
    finally:
        # SIGKILL, no graceful shutdown: the rows counted are those that survive a crash.
        server.kill()
        server.wait(15)
    try:
        stored = count_rows(database_url) - before
    finally:
        shutil.rmtree(work, ignore_errors=True)

    answered = int(result["ok"])
    backend = "PostgreSQL" if database_url.startswith("postgresql") else "SQLite"
    print(
        f"Analytics ingest: POST /a/{TENANT}/widgets/analytics/loaded, {args.seconds}s, "
        f"{args.connections} connections, one server process, {backend}, client {client}, "
        f"Origin {args.origin or 'none'}{', preflight before each event' if args.preflight else ''}"
    )
    print(f"{'requests/s':<28}{result['rps']:>10.0f}")
    print(
        f"{'accepted (2xx) events/s':<28}{answered / args.seconds:>10.0f}   (target {TARGET:,})"
    )
    print(f"{'p50 / p99 latency ms':<28}{result['p50']:>10.2f} / {result['p99']:.2f}")
    print(f"{'answered 2xx':<28}{answered:>10}")
    print(f"{'answered otherwise':<28}{int(result['other']):>10}")
    print(f"{'socket errors':<28}{int(result['socket_errors']):>10}")
    print(f"{'rows stored':<28}{stored:>10}   (counted after the server was killed)")
    per_event = server_cpu / answered * 1e6 if answered else float("nan")
    print(
        f"{'server CPU per event us':<28}{per_event:>10.0f}   (server process, all threads)"
    )
    print(f"{'client CPU, cores':<28}{client_cpu / args.seconds:>10.2f}")
    lost = max(0, answered - stored)
    print(
        f"every 2xx event stored: {'yes' if lost == 0 else f'NO, {lost} missing'}; "
        f"target {TARGET:,}/s: {'met' if answered / args.seconds >= TARGET else 'NOT met'}"
    )
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
