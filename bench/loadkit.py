"""What the load benchmarks share: a free port, waiting for the server, driving wrk, and the
CPU a process has used."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / "server" / ".venv" / "bin" / "python"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_ready(base: str, server: subprocess.Popen[bytes], seconds: float = 120) -> None:
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


def process_cpu_seconds(pid: int) -> float:
    """User and system CPU of a running process, all its threads (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
) -> dict[str, float]:
    """req/s, p50 and p99 in ms, answers that were 2xx ("ok"), others, and socket errors.

    One client thread: on a small machine the client competes with the server for CPU.
    """
    cmd = [
        "wrk",
        "-t1",
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
        "p50": to_ms(re.search(r"50%\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
        "p99": to_ms(re.search(r"99%\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
    }
