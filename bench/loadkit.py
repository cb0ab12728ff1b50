"""What the load benchmarks share: a free port, waiting for the server, driving wrk, the CPU
a process has used, its child processes, memory and connections (Linux /proc); for the
billing benchmarks also a scratch database, a server on it and a light HTTP client."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / "server" / ".venv" / "bin" / "python"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(
    base: str, server: subprocess.Popen[bytes], seconds: float = 120
) -> None:
    """Until /readyz answers: migrating and seeding take a while on a busy machine."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/readyz") as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not become ready")


def to_ms(value: str) -> float:
    """wrk's "850.00us", "12.34ms", "1.20s", "2.00m"; NaN for what it could not measure."""
    found = re.match(r"([\d.]+)(us|ms|s|m)$", value)
    if not found:
        return float("nan")
    number, unit = found.groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}[unit]


def run_wrk(
    url: str,
    seconds: int,
    connections: int,
    *,
    script: Path | None = None,
    headers: tuple[str, ...] = (),
    threads: int = 1,
) -> dict[str, float]:
    """req/s, p50 and p99 in ms, answers that were 2xx ("ok"), others, and socket errors.

    One client thread unless told: on a small machine the client competes with the server
    for CPU (site_load.py uses two, as the runs it compares with did).
    """
    cmd = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{seconds}s",
        "--timeout",
        "10s",
        "--latency",
    ]
    for header in headers:
        cmd += ["-H", header]
    if script is not None:
        cmd += ["-s", str(script)]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True).stdout
    answers = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    other = int(non2xx.group(1)) if non2xx else 0
    errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    )
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "ok": float(answers - other),
        "other": float(other),
        "socket_errors": float(sum(int(g) for g in errors.groups())) if errors else 0.0,
        # The latency distribution's own lines: "99%" alone also matches the end of a
        # +/- Stdev column such as "79.99%", whose next word is not a latency.
        "p50": to_ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1)),  # type: ignore[union-attr]
        "p99": to_ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)),  # type: ignore[union-attr]
    }


# What the billing benchmarks add: a scratch database, a server on it, a light HTTP client.


def is_postgres(database_url: str) -> bool:
    return database_url.startswith("postgresql")


def backend_name(database_url: str) -> str:
    return "PostgreSQL" if is_postgres(database_url) else "SQLite"


@contextlib.contextmanager
def scratch_database(database_url: str, work: Path) -> Iterator[str]:
    """A fresh, migrated, empty database: a SQLite file in work, or, given a PostgreSQL URL,
    a new schema in that database (first on the search_path), dropped afterwards, so a run
    never mixes with rows already there and leaves nothing behind."""
    from sqlalchemy import create_engine, text

    from masthead.migrate import upgrade

    if not is_postgres(database_url):
        url = f"sqlite:///{work / 'bench.db'}"
        upgrade(url)
        yield url
        return
    schema = f"bench_{os.getpid()}_{secrets.token_hex(4)}"
    admin = create_engine(database_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        separator = "&" if "?" in database_url else "?"
        url = f"{database_url}{separator}options=-csearch_path%3D{schema}"
        upgrade(url)
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@dataclass
class Server:
    base: str  # http://127.0.0.1:<port>
    process: subprocess.Popen[bytes]

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.process.pid)


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used so far, user and system (Linux /proc): on a machine
    shared with other work, a steadier figure than the wall clock."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat.rsplit(")", 1)[1].split()  # after "pid (command)"
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process below pid (Linux /proc/<pid>/task/<tid>/children; no psutil here)."""
    found: list[int] = []
    with contextlib.suppress(FileNotFoundError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(FileNotFoundError):
                for child in (task / "children").read_text().split():
                    found += [int(child), *descendants(int(child))]
    return found


def connections_by_process(pids: Sequence[int], port: int) -> dict[int, int]:
    """How many established connections to `port` each process holds (Linux /proc): how the
    kernel has spread a client's connections over processes accepting on one socket."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":
                    inodes.add(f"socket:[{fields[9]}]")
    found = {}
    for pid in pids:
        held = 0
        with contextlib.suppress(FileNotFoundError):
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    held += os.readlink(fd) in inodes
        found[pid] = held
    return found


def rss_mib(pid: int) -> float | None:
    """A process's resident memory in MiB (VmRSS), None once it is gone."""
    with contextlib.suppress(FileNotFoundError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return None


@contextlib.contextmanager
def serve(
    database_url: str, env: dict[str, str] | None = None, log: Path | None = None
) -> Iterator[Server]:
    """Masthead (migrated, demo content and plan catalogue seeded) on a free port; its
    output goes to the file `log` when given."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    output = log.open("wb") if log else subprocess.DEVNULL
    server = subprocess.Popen(
        [str(PYTHON), "-m", "masthead.serve", "--port", str(port)],
        env={
            **os.environ,
            "MASTHEAD_DATABASE_URL": database_url,
            "MASTHEAD_PUBLIC_URL": base,
            "MASTHEAD_SEED_DEMO": "true",
            **(env or {}),
        },
        cwd=ROOT,
        stdout=output,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_ready(base, server, seconds=120)  # migrating and seeding on a busy machine
        yield Server(base, server)
    finally:
        server.terminate()
        server.wait(30)
        if log:
            output.close()  # type: ignore[union-attr]


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) of values already sorted; 0 for none."""
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


class HttpConnection:
    """One keep-alive HTTP/1.1 connection on raw asyncio streams: far lighter than an HTTP
    library, so the client takes little of the CPU the server is measured on."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.netloc = parts.netloc
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self,
        method: str,
        path: str,
        body: object = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        """(status, lower-cased headers, body); a JSON body when body is not None.

        A kept-alive connection the server closed before answering (it may, after an error)
        is reopened and the request sent again, once: the server never read it."""
        payload = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.netloc}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if body is not None:
            lines.append("Content-Type: application/json")
        lines.append(f"Content-Length: {len(payload)}")
        message = ("\r\n".join(lines) + "\r\n\r\n").encode() + payload
        if self.streams is not None and self.streams[0].at_eof():
            self.close()
        reused = self.streams is not None
        try:
            return await self._exchange(message)
        except (ConnectionError, EOFError):
            self.close()
            if not reused:
                raise
        return await self._exchange(message)

    async def _exchange(self, message: bytes) -> tuple[int, dict[str, str], bytes]:
        if self.streams is None:
            self.streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self.streams
        writer.write(message)
        await writer.drain()
        status_line = await reader.readline()
        if not status_line:
            raise EOFError("the server closed the connection without answering")
        status = int(status_line.split()[1])
        answer: dict[str, str] = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            answer[name.strip().lower()] = value.strip()
        if "content-length" in answer:
            content = await reader.readexactly(int(answer["content-length"]))
        elif answer.get("transfer-encoding", "").lower() == "chunked":
            content = await _chunks(reader)
        else:  # delimited by the end of the connection
            content = await reader.read()
            answer["connection"] = "close"
        if answer.get("connection", "").lower() == "close":
            self.close()
        return status, answer, content

    def close(self) -> None:
        if self.streams is not None:
            self.streams[1].close()
            self.streams = None


async def _chunks(reader: asyncio.StreamReader) -> bytes:
    """A chunked HTTP/1.1 body."""
    parts = []
    while size := int((await reader.readline()).split(b";")[0], 16):
        parts.append(await reader.readexactly(size))
        await reader.readline()  # the CRLF after each chunk
    while await reader.readline() not in (b"\r\n", b""):  # trailers
        pass
    return b"".join(parts)


POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"


def load_arguments(doc: str) -> tuple[argparse.Namespace, dict[str, str]]:
    """The options of a load benchmark on both databases (rounds, seconds, --only, the
    PostgreSQL URL), and the databases to drive: name -> URL ("" for a fresh SQLite file)."""
    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=3, help="per endpoint and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=("sqlite", "postgresql"), default=None)
    parser.add_argument(
        "--database-url",
        default=POSTGRES,
        help="the PostgreSQL database for the scratch schema",
    )
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk")
    backends = {"SQLite": "", "PostgreSQL": args.database_url}
    if args.only:
        backends = {k: v for k, v in backends.items() if k.lower() == args.only}
    return args, backends


def bench_story(post_id: int, label: str, now: datetime) -> dict[str, Any]:
    """A published, free story of the main brand for the comments benchmarks (their comments'
    spot is the main site's), as an `insert(Article)` row."""
    return {
        "post_id": post_id,
        "content_id": f"bench-{label}-{post_id}",
        "brand": "main",
        "slug": f"bench-{label}-{post_id}",
        "headline": f"Bench {label} {post_id}",
        "standfirst": "",
        "author": "Bench",
        "section": "News",
        "status": "published",
        "published_at": now - timedelta(days=1),
        "first_published_at": now - timedelta(days=1),
        "teaser_html": "<p>Teaser.</p>",
        "body_html": "<p>Body.</p>",
        "access": "free",
        "comments_spot_id": "sp_MhMain01",
        "created_at": now,
        "updated_at": now,
    }
