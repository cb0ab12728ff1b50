"""A Redis server of a test's own (on a free port, nothing saved), which the test may stop and
start again without touching the Redis the rest of the suite shares."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import redis

from tests.scaled.topology import free_port

START_SECONDS = 10.0


class OwnRedis:
    def __init__(self, log: Path) -> None:
        program = shutil.which("redis-server")
        if program is None:
            # As with the shared Redis (topology.py): CI's machine has it.
            if os.environ.get("CI") == "true":
                pytest.fail("redis-server is not installed")
            pytest.skip("redis-server is not installed")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._command = [
            program, "--port", str(self.port), "--bind", "127.0.0.1",
            "--save", "", "--appendonly", "no",
        ]  # fmt: skip
        self._log = log
        self._server: subprocess.Popen[bytes] | None = None

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_connect_timeout=1)

    def start(self) -> None:
        out = self._log.open("ab")
        self._server = subprocess.Popen(self._command, stdout=out, stderr=out)  # noqa: S603
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                if self.client().ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        raise AssertionError(f"redis-server did not start:\n{self._log.read_text()[-2000:]}")

    def stop(self) -> None:
        """Gone at once, as when its machine fails: kill -9."""
        if self._server is not None and self._server.poll() is None:
            self._server.kill()
            self._server.wait()
        self._server = None
