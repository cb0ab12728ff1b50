"""A database that cannot be reached (restarting, failing over): every request that needs it
gets a JSON 503 with Retry-After and a sentence, and the log one line, never a traceback."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient

from masthead import db
from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.cookie_names import SESSION_COOKIE
from masthead.errors import DATABASE_UNAVAILABLE
from masthead.settings import Settings

# Nothing listens on port 1: every connection is refused at once, as during a restart.
NOWHERE = "postgresql+psycopg://postgres@127.0.0.1:1/masthead"


def test_requests_needing_the_database_get_a_503_that_says_to_retry(
    settings: Settings,
    clock: FrozenClock,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The awaited reads' wait for a connection (5 s), shortened for the test.
    monkeypatch.setattr(db, "AWAITED_WAIT_SECONDS", 0.2)
    down = settings.model_copy(update={"database_url": NOWHERE})
    with (
        caplog.at_level(logging.WARNING),
        TestClient(create_app(down, clock), base_url="http://testserver") as client,
    ):
        assert client.get("/healthz").status_code == 200  # the process itself is alive
        client.cookies.set(SESSION_COOKIE, "a-session-id")
        for answer in (
            client.get("/blaize/account"),
            client.post(
                "/blaize/login",
                json={
                    "identifiers": {"email_address": "a@example.com"},
                    "validators": {"password": "x"},
                },
            ),
            client.get(
                "/comments/v1/messages-count",
                params={"spot_id": "sp_MhMain01", "posts_ids": "3101"},
            ),
        ):
            assert answer.status_code == 503, answer.text
            assert answer.json() == {"type": "service-unavailable", "message": DATABASE_UNAVAILABLE}
            assert answer.headers["Retry-After"] == "5"
    lines = [r for r in caplog.records if r.name == "masthead.errors"]
    assert len(lines) == 3 and all(r.exc_info is None for r in lines)
    assert all("database unavailable" in r.getMessage() for r in lines)
