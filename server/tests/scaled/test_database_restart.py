"""PostgreSQL restarted under load: the requests in flight get a JSON 503 with Retry-After
(never a 500, never a traceback per request), the web process recovers by itself, and
every registration that was answered 200 is there afterwards.

The restart is of a PostgreSQL cluster of the test's own (initdb on a free port, as the
`postgres` user), so the rest of the suite on the shared server never notices."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.scaled.topology import Processes, free_port, postgres_url_or_skip, running

PG_BIN = Path("/usr/lib/postgresql/15/bin")
LOAD_THREADS = 4


def _as_postgres(*command: str) -> None:
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    # Output to nowhere: a postmaster that pg_ctl starts keeps its stdout open for good.
    subprocess.run(  # noqa: S603
        [*prefix, *command],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=60,
    )


@pytest.fixture(scope="module")
def cluster(database_url: str) -> Iterator[tuple[str, Path]]:
    """A PostgreSQL cluster of this test's own: (its URL, its data directory)."""
    postgres_url_or_skip(database_url)
    if not (PG_BIN / "initdb").exists():
        # As with Redis (topology.py): CI's machine has them, so their absence fails the run.
        message = "PostgreSQL's server programs are not in /usr/lib/postgresql/15/bin"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    home = Path(tempfile.mkdtemp(prefix="masthead-pg-"))
    data = home / "data"
    if os.geteuid() == 0:
        shutil.chown(home, "postgres")
    port = free_port()
    _as_postgres(str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
    options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=off"
    _as_postgres(
        str(PG_BIN / "pg_ctl"),
        "-D",
        str(data),
        "-o",
        options,
        "-l",
        str(home / "log"),
        "-w",
        "start",
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", data
    finally:
        _as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="module")
def restart_topology(
    cluster: tuple[str, Path], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Processes]:
    with running(
        cluster[0], tmp_path_factory.mktemp("restart"), "masthead_restart", web=1, workers=1
    ) as processes:
        yield processes


def test_a_database_restart_under_load_is_a_json_503_then_recovery(
    restart_topology: Processes, cluster: tuple[str, Path]
) -> None:
    topology = restart_topology
    base = topology.web[0]
    answers: list[httpx.Response] = []
    registered: list[str] = []
    stop = threading.Event()
    lock = threading.Lock()

    def load(worker: int) -> None:
        client = httpx.Client(headers={"Origin": topology.public_url}, timeout=15)
        n = 0
        while not stop.is_set():
            n += 1
            email = f"restart-{worker}-{n}-{time.monotonic_ns()}@example.com"
            try:
                answer = client.post(
                    f"{base}/blaize/register",
                    json={
                        "identifiers": {"email_address": email},
                        "validators": {"password": "Correct-Horse-1"},
                        "attributes": {"full-name": "Rae Start"},
                    },
                )
                read = client.get(f"{base}/blaize/datalayer")
            except httpx.HTTPError as exc:  # the server itself must stay up
                raise AssertionError(f"the web process stopped answering: {exc}") from exc
            with lock:
                answers.extend([answer, read])
                if answer.status_code == 200:
                    registered.append(email)
            client.cookies.clear()

    threads = [threading.Thread(target=load, args=(n,)) for n in range(LOAD_THREADS)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    before_restart = len(answers)
    log = str(cluster[1].parent / "log")
    _as_postgres(
        str(PG_BIN / "pg_ctl"), "-D", str(cluster[1]), "-l", log, "-m", "fast", "-w", "restart"
    )
    time.sleep(3)
    stop.set()
    for thread in threads:
        thread.join(30)

    statuses = {a.status_code for a in answers}
    assert statuses <= {200, 401, 503}, statuses  # 401: a datalayer read of a failed register
    unavailable = [a for a in answers if a.status_code == 503]
    for answer in unavailable:
        assert answer.headers["content-type"] == "application/json"
        assert answer.json()["type"] == "service-unavailable"
        assert answer.json()["message"]
        assert int(answer.headers["retry-after"]) > 0
    after = answers[before_restart:]
    assert any(a.status_code == 200 for a in after[-LOAD_THREADS * 4 :]), "it did not recover"

    # Every registration answered 200 was committed and survives the restart.
    stored = {
        str(row[0]) for row in topology.sql("SELECT email FROM users WHERE email LIKE 'restart-%%'")
    }
    assert set(registered) <= stored
    logs = "\n".join(path.read_text() for path in topology.log_dir.glob("web-*.log"))
    assert "Traceback" not in logs  # one line per refused request, not a traceback each
