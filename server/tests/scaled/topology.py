"""Real Masthead processes for the scaled tests: web processes on ports of their own (as on
separate machines behind a load balancer) and job workers, on one PostgreSQL database of
their own and a Redis (the local one unless given), started the way `make run-scaled` starts
them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import psycopg
import pytest
import redis

from masthead.scaled import (
    DEFAULT_REDIS,
    Topology,
    ensure_database,
    fresh_metrics_dir,
    prepare,
    stop_all,
    worker_command,
)

SERVER_DIR = Path(__file__).resolve().parents[2]
START_SECONDS = 120.0  # six web processes and two workers starting at once on two busy cores
PASSWORD = "Correct-Horse-1"
METRICS_KEY = "scaled-metrics-key"


def postgres_url_or_skip(url: str) -> str:
    """The tests' PostgreSQL server (tests/conftest.py database_url), or skip on SQLite."""
    if not url.startswith("postgresql"):
        pytest.skip("the scaled topology runs on PostgreSQL: the PostgreSQL pass runs it")
    try:
        redis.Redis.from_url(DEFAULT_REDIS, socket_connect_timeout=1).ping()
    except redis.RedisError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip("Redis is not running on 127.0.0.1:6379")
    return url


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def fresh_database(test_url: str, name: str) -> str:
    """An empty database of that name on the tests' PostgreSQL server."""
    url = urlunsplit(urlsplit(test_url)._replace(path=f"/{name}"))
    ensure_database(url, fresh=True)  # as `make run-scaled --fresh` makes it
    return url


def register(client: httpx.Client, base: str, email: str, password: str = PASSWORD) -> str:
    """A new reader, registered through `base`; `client` holds their session cookie. Their
    tracking id (their ids in the referral programme)."""
    answer = client.post(
        f"{base}/blaize/register",
        json={
            "identifiers": {"email_address": email},
            "validators": {"password": password},
            "attributes": {
                "full-name": "Ada Lovelace",
                "first-name": "Ada",
                "last-name": "Lovelace",
            },
        },
    )
    assert answer.status_code == 200, answer.text
    tracking_id: str = answer.json()["tracking_id"]
    return tracking_id


@dataclass
class Processes:
    web: list[str]  # each web process's base URL
    public_url: str
    env: dict[str, str]
    log_dir: Path
    database_url: str = ""
    children: list[subprocess.Popen[bytes]] = field(default_factory=list)
    webs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def kill_web(self, index: int) -> None:
        """kill -9: no shutdown, no finally blocks, connections dropped mid-answer."""
        self.webs[index].kill()
        self.webs[index].wait()

    def kill_worker(self, index: int) -> None:
        """kill -9 a job worker, whatever job it holds."""
        self.workers[index].kill()
        self.workers[index].wait()

    def worker_on_port(self, port: int) -> int:
        """The index of the live job worker one of whose connections has this local port (a
        receiver's peer, a database backend's client_port): Linux's /proc tables."""
        sockets = {
            f"socket:[{fields[9]}]"
            for table in ("/proc/net/tcp", "/proc/net/tcp6")
            for fields in (line.split() for line in Path(table).read_text().splitlines()[1:])
            if int(fields[1].rsplit(":", 1)[1], 16) == port
        }
        for index, child in enumerate(self.workers):
            if child.poll() is not None:
                continue
            for descriptor in Path(f"/proc/{child.pid}/fd").iterdir():
                try:
                    if os.readlink(descriptor) in sockets:
                        return index
                except OSError:  # closed meanwhile
                    continue
        raise AssertionError(f"no live job worker has a connection from port {port}")

    def sql(self, query: str, *params: object) -> list[tuple[object, ...]]:
        """What the database holds now (a psycopg URL of the topology's own database); a
        statement that returns no rows (an UPDATE) is committed and answers []."""
        url = self.database_url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(url) as conn:
            cursor = conn.execute(query, params)
            return [] if cursor.description is None else list(cursor.fetchall())

    def start_worker(self) -> subprocess.Popen[bytes]:
        log = (self.log_dir / f"worker-{len(self.workers)}.log").open("ab")
        command = worker_command()
        child = subprocess.Popen(command, env=self.env, cwd=SERVER_DIR, stdout=log, stderr=log)  # noqa: S603
        self.workers.append(child)
        self.children.append(child)
        return child


def _web_process(env: dict[str, str], port: int, log: Path) -> subprocess.Popen[bytes]:
    # As masthead.scaled starts each web process, on a port of its own here (a machine each).
    command = [
        sys.executable,
        "-m",
        "masthead.web_process",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    out = log.open("ab")
    return subprocess.Popen(command, env=env, cwd=SERVER_DIR, stdout=out, stderr=out)  # noqa: S603


def _wait_ready(base: str, child: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise AssertionError(f"{base} exited:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(
        f"{base} was not ready within {START_SECONDS} s:\n{log.read_text()[-3000:]}"
    )


@contextmanager
def running(
    test_url: str,
    tmp_path: Path,
    name: str,
    *,
    web: int = 2,
    workers: int = 1,
    redis_url: str = DEFAULT_REDIS,
    **settings: str,
) -> Iterator[Processes]:
    """`web` processes and `workers` job workers on a new database `name`, demo content
    seeded; every MASTHEAD_* setting given (lower-case names) applies to all of them."""
    database = fresh_database(postgres_url_or_skip(test_url), name)
    ports = [free_port() for _ in range(web)]
    public_url = f"http://127.0.0.1:{ports[0]}"
    topology = Topology(web, workers, "127.0.0.1", ports[0], database, redis_url)
    env = topology.environment(dict(os.environ))
    env.pop("MASTHEAD_TEST_DATABASE_URL", None)
    env.update(
        MASTHEAD_PUBLIC_URL=public_url,
        MASTHEAD_LOG_FORMAT="json",
        MASTHEAD_SEED_DEMO="true",
        MASTHEAD_RATE_LIMIT_PER_ADDRESS="1000",
        # argon2id at its cheapest, as in every test (tests/conftest.py says why).
        MASTHEAD_PASSWORD_HASHING="minimal",
        MASTHEAD_METRICS_KEY=METRICS_KEY,
        # The shared Redis keeps counts for a window: this run's are its own.
        MASTHEAD_REDIS_KEY_PREFIX=f"masthead-test:{uuid.uuid4().hex}",
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "prometheus"),
        **{f"MASTHEAD_{key.upper()}": value for key, value in settings.items()},
    )
    prepare(topology, env)
    fresh_metrics_dir(env["PROMETHEUS_MULTIPROC_DIR"])
    processes = Processes(
        [f"http://127.0.0.1:{p}" for p in ports], public_url, env, tmp_path, database
    )
    try:
        logs = [tmp_path / f"web-{n}.log" for n in range(web)]
        webs = [_web_process(env, port, log) for port, log in zip(ports, logs, strict=True)]
        processes.children.extend(webs)
        processes.webs.extend(webs)
        for _ in range(workers):
            processes.start_worker()
        for base, child, log in zip(processes.web, webs, logs, strict=True):
            _wait_ready(base, child, log)
        yield processes
    finally:
        stop_all(processes.children)
