"""One topology for the scaled tests (tests/scaled): six web processes and two job workers on
PostgreSQL, a Redis of their own (test_redis_down.py stops it) and the tests' own mail and
webhook receivers (receivers.py), started once for the session (the Makefile runs these tests
in one test process: make test-py-scaled). The tests that kill a web process kill their own
(web[2] to web[5]); the others use web[0] and web[1]. A test that kills a job worker starts
another."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest

from tests.scaled.own_redis import OwnRedis
from tests.scaled.receivers import MailServer, WebhookTarget, smtp_server, webhook_target
from tests.scaled.topology import Processes, postgres_url_or_skip, running

# The payment sandbox answers a subscription's creation or cancellation this late: the window
# in which test_killed_requests.py kills a web process.
ANSWER_DELAY_MS = 3000
# A killed worker's job is taken over this soon (MASTHEAD_JOB_LEASE_SECONDS).
JOB_LEASE_SECONDS = 3
ATTEMPTS_PER_ACCOUNT = 4


@pytest.fixture(scope="session")
def redis_server(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[OwnRedis]:
    postgres_url_or_skip(database_url)  # the SQLite pass skips before starting anything
    server = OwnRedis(tmp_path_factory.mktemp("redis") / "redis.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def mail_server() -> Iterator[MailServer]:
    with smtp_server() as server:
        yield server


@pytest.fixture(scope="session")
def webhook_receiver() -> Iterator[WebhookTarget]:
    with webhook_target() as target:
        yield target


@pytest.fixture(scope="session")
def topology(
    database_url: str,
    tmp_path_factory: pytest.TempPathFactory,
    redis_server: OwnRedis,
    mail_server: MailServer,
    webhook_receiver: WebhookTarget,
) -> Iterator[Processes]:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    with running(
        database_url,
        tmp_path_factory.mktemp("scaled"),
        f"masthead_scaled_{worker}",
        web=6,
        workers=2,
        redis_url=redis_server.url,
        rate_limit_per_account=str(ATTEMPTS_PER_ACCOUNT),
        comments_live_poll_seconds="0.2",
        payment_sandbox_answer_delay_ms=str(ANSWER_DELAY_MS),
        card_attempts_per_address="1000",
        job_lease_seconds=str(JOB_LEASE_SECONDS),
        mail_backend="smtp",
        smtp_host="127.0.0.1",
        smtp_port=str(mail_server.port),
        webhook_targets=json.dumps([webhook_receiver.url]),
    ) as processes:
        yield processes
