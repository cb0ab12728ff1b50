"""One topology for the scaled tests (tests/scaled): four web processes and two job workers
on PostgreSQL and Redis, started once for the session (the Makefile runs these tests in one
test process: make test-py-scaled). The tests that kill a web process kill their own
(web[2], web[3]); the others use web[0] and web[1]."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.scaled.topology import Processes, running

# The payment sandbox answers a subscription's creation or cancellation this late: the window
# in which test_killed_requests.py kills a web process.
ANSWER_DELAY_MS = 3000


@pytest.fixture(scope="session")
def topology(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Processes]:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    with running(
        database_url,
        tmp_path_factory.mktemp("scaled"),
        f"masthead_scaled_{worker}",
        web=4,
        workers=2,
        rate_limit_per_account="4",
        comments_live_poll_seconds="0.2",
        payment_sandbox_answer_delay_ms=str(ANSWER_DELAY_MS),
        card_attempts_per_address="1000",
    ) as processes:
        yield processes
