"""Masthead past one process, on this machine: `make run-scaled` (`python -m masthead.scaled`).

Starts N web processes and M job workers on the local PostgreSQL and Redis, with the
settings a deployment uses (external job workers, shared rate limits, JSON logs), and stops
them all on Ctrl-C or SIGTERM. The same processes map onto several machines (README,
"Running past one machine"):

- web: `python -m masthead.web_process --port P`, once per process: each listens on a socket
  of its own on the shared port (SO_REUSEPORT), so the kernel spreads connections over them
  evenly (web_process.py says why not `uvicorn --workers`); this process starts a new one when
  one dies (kill -9 included); on several machines each runs its own behind the load balancer.
- workers: `python -m masthead.worker`, any number anywhere: job claims are rows in
  PostgreSQL, so two workers never run one job at once. One that dies is started again too.

Before starting them: the database is created if missing, migrated and seeded once, by this
process alone (N processes migrating at once would race).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from types import FrameType
from urllib.parse import urlsplit, urlunsplit

import psycopg
import redis
from psycopg import sql

from masthead.migrate import SERVER_DIR, upgrade
from masthead.seed import seed_demo
from masthead.settings import Settings
from masthead.wiring import build_process_runtime

DEFAULT_DATABASE = "postgresql+psycopg://postgres@127.0.0.1:5432/masthead_scaled"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
# Where the web processes keep their Prometheus figures for /metrics to add up (metrics.py).
METRICS_DIR = SERVER_DIR.parent / "var" / "prometheus-multiproc"
STOP_WAIT_SECONDS = 15


@dataclass(frozen=True)
class Topology:
    web: int
    workers: int
    host: str
    port: int
    database_url: str
    redis_url: str

    @property
    def public_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def environment(self, base: dict[str, str]) -> dict[str, str]:
        """What every process of the topology is started with: the caller's environment
        (other MASTHEAD_* settings pass through) plus the shared parts."""
        env = dict(base)
        env.update(
            MASTHEAD_DATABASE_URL=self.database_url,
            MASTHEAD_REDIS_URL=self.redis_url,
            MASTHEAD_WORKER="off",  # the outbox is the job workers' alone
            MASTHEAD_LOG_FORMAT=env.get("MASTHEAD_LOG_FORMAT", "json"),
        )
        env.setdefault("MASTHEAD_PUBLIC_URL", self.public_url)
        env.setdefault("MASTHEAD_METRICS_KEY", secrets.token_urlsafe(16))
        env.setdefault("PROMETHEUS_MULTIPROC_DIR", str(METRICS_DIR))
        return env


def web_command(topology: Topology) -> list[str]:
    """One web process (started topology.web times)."""
    return [
        sys.executable,
        "-m",
        "masthead.web_process",
        "--host",
        topology.host,
        "--port",
        str(topology.port),
    ]


def worker_command() -> list[str]:
    return [sys.executable, "-m", "masthead.worker"]


def ensure_database(database_url: str, fresh: bool = False) -> None:
    """Create the topology's database on its server if it is not there yet (again, empty,
    with `fresh`)."""
    parts = urlsplit(database_url)
    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True, connect_timeout=5) as conn:
        if fresh:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if found is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def check_redis(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url, socket_connect_timeout=2)
    try:
        client.ping()
    finally:
        client.close()


def prepare(topology: Topology, env: dict[str, str], fresh: bool = False) -> None:
    """Create, migrate and seed the database once, before any process serves."""
    ensure_database(topology.database_url, fresh)
    check_redis(topology.redis_url)
    upgrade(topology.database_url)
    saved = os.environ.copy()
    os.environ.update(env)
    try:
        settings = Settings()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    if settings.seed_demo:
        runtime = build_process_runtime(settings)
        try:
            seed_demo(runtime)
        finally:
            runtime.engine.dispose()


def fresh_metrics_dir(path: str) -> None:
    """prometheus_client's files from an earlier run would be added to this one's."""
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path, exist_ok=True)


# A process that dies this soon after it started is not replaced: it would die again (a
# setting it refuses, the port taken), so the topology stops and says which one.
EARLY_EXIT_SECONDS = 10.0


@dataclass
class Child:
    command: list[str]
    process: subprocess.Popen[bytes]
    started: float


def _start(command: list[str], env: dict[str, str]) -> Child:
    # Our own interpreter and module names: nothing here comes from a request.
    return Child(command, subprocess.Popen(command, env=env), time.monotonic())  # noqa: S603


def run(topology: Topology, fresh: bool = False) -> int:
    env = topology.environment(dict(os.environ))
    prepare(topology, env, fresh)
    fresh_metrics_dir(env["PROMETHEUS_MULTIPROC_DIR"])
    commands = [web_command(topology)] * topology.web + [worker_command()] * topology.workers
    children = [_start(command, env) for command in commands]
    print(
        f"Masthead is serving on {topology.public_url}/account with {topology.web} web "
        f"processes and {topology.workers} job workers (PostgreSQL and Redis); Ctrl-C stops "
        "them all.\nMetrics: curl -H 'Authorization: Bearer "
        f"{env['MASTHEAD_METRICS_KEY']}' {topology.public_url}/metrics",
        flush=True,
    )
    stopping = False

    def _stop(_signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    status = 0
    while not stopping:
        for index, child in enumerate(children):
            if child.process.poll() is None:
                continue
            name = " ".join(child.command[1:3])
            code = child.process.returncode
            if time.monotonic() - child.started < EARLY_EXIT_SECONDS:
                print(f"{name} exited with {code} as it started: stopping", flush=True)
                stopping, status = True, 1
                break
            print(f"{name} exited with {code}: starting another", flush=True)
            children[index] = _start(child.command, env)
        time.sleep(0.2)
    stop_all([child.process for child in children])
    return status


def stop_all(children: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM (uvicorn finishes the answers in flight, workers the job in hand), then kill
    what is still there after STOP_WAIT_SECONDS."""
    for child in children:
        if child.poll() is None:
            child.terminate()
    deadline = time.monotonic() + STOP_WAIT_SECONDS
    for child in children:
        try:
            child.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--web", type=int, default=int(os.environ.get("WEB", "2")))
    parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "1")))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument(
        "--database-url",
        default=os.environ.get("MASTHEAD_DATABASE_URL", "").strip() or DEFAULT_DATABASE,
    )
    parser.add_argument(
        "--redis-url", default=os.environ.get("MASTHEAD_REDIS_URL", "").strip() or DEFAULT_REDIS
    )
    parser.add_argument(
        "--fresh", action="store_true", help="drop the database first (the end-to-end tests)"
    )
    args = parser.parse_args(argv)
    if not args.database_url.startswith("postgresql"):
        raise SystemExit("The scaled topology runs on PostgreSQL: give a postgresql+psycopg URL.")
    topology = Topology(
        web=max(1, args.web),
        workers=max(0, args.workers),
        host=args.host,
        port=args.port,
        database_url=args.database_url,
        redis_url=args.redis_url,
    )
    raise SystemExit(run(topology, fresh=args.fresh))


if __name__ == "__main__":
    main()
