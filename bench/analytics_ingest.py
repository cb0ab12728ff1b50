"""Widget analytics ingest: events per second one server process accepts, and none lost.

    make bench   (or: server/.venv/bin/python bench/analytics_ingest.py [--seconds N]
                  [--connections N] [--database-url URL] [--client wrk|python])

Starts Masthead (demo content seeded, so the tenant test_masthead exists) on a free port with
a fresh SQLite file, or on --database-url (a PostgreSQL URL: its analytics rows are counted
before and after). Drives POST /a/test_masthead/widgets/analytics/loaded with wrk when it is
installed, else with a small asyncio client.
Then counts the rows stored and prints both: every event answered 2xx must be stored (rows
may exceed the 2xx count only by requests the client gave up on). Target: 3,000 events/s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from loadkit import PYTHON, ROOT, free_port, run_wrk, wait_ready

TENANT = "test_masthead"
PATH = (
    f"/a/{TENANT}/widgets/analytics/loaded"
    "?externalAccountId=bench-account&externalUserId=bench-user&engagementMedium=POPUP"
)
TARGET = 3000

WRK_SCRIPT = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = "{}"
"""


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


def run_wrk_ingest(
    url: str, seconds: int, connections: int, work: Path
) -> dict[str, float]:
    """wrk counts answers of status 400 and above as "Non-2xx or 3xx"; the endpoint never
    redirects, so the rest are the 2xx answers."""
    script = work / "analytics.lua"
    script.write_text(WRK_SCRIPT)
    return run_wrk(url, seconds, connections, script=script)


async def python_client(url: str, seconds: int, connections: int) -> dict[str, float]:
    """Keep-alive HTTP/1.1 POSTs on raw asyncio streams: far lighter than an HTTP library."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    request = (
        f"POST {parts.path}?{parts.query} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
    ).encode()
    ok = other = errors = 0
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def exchange(
        reader: asyncio.StreamReader, writer: asyncio.StreamWriter
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
        nonlocal ok, other, errors
        streams = None
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            try:
                streams = streams or await asyncio.open_connection(host, port)
                status = await exchange(*streams)
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
        "other": float(other),
        "socket_errors": float(errors),
        "p50": pick(0.5),
        "p99": pick(0.99),
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--client", choices=["wrk", "python"], default="")
    args = parser.parse_args()
    client = args.client or ("wrk" if shutil.which("wrk") else "python")
    if client == "wrk" and shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk (or --client python)")

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
        if client == "wrk":
            result = run_wrk_ingest(url, args.seconds, args.connections, work)
        else:
            result = asyncio.run(python_client(url, args.seconds, args.connections))
        stored = count_rows(database_url) - before
    finally:
        server.terminate()
        server.wait(15)
        shutil.rmtree(work, ignore_errors=True)

    answered = int(result["ok"])
    backend = "PostgreSQL" if database_url.startswith("postgresql") else "SQLite"
    print(
        f"Analytics ingest: POST /a/{TENANT}/widgets/analytics/loaded, {args.seconds}s, "
        f"{args.connections} connections, one server process, {backend}, client {client}"
    )
    print(f"{'requests/s':<28}{result['rps']:>10.0f}")
    print(
        f"{'accepted (2xx) events/s':<28}{answered / args.seconds:>10.0f}   (target {TARGET:,})"
    )
    print(f"{'p50 / p99 latency ms':<28}{result['p50']:>10.2f} / {result['p99']:.2f}")
    print(f"{'answered 2xx':<28}{answered:>10}")
    print(f"{'answered otherwise':<28}{int(result['other']):>10}")
    print(f"{'socket errors':<28}{int(result['socket_errors']):>10}")
    print(f"{'rows stored':<28}{stored:>10}")
    lost = max(0, answered - stored)
    print(
        f"every 2xx event stored: {'yes' if lost == 0 else f'NO, {lost} missing'}; "
        f"target {TARGET:,}/s: {'met' if answered / args.seconds >= TARGET else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
