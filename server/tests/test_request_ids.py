"""Request ids: every answer names its request, the JSON log lines carry the id, and the jobs
a request queues carry it into the worker's lines."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import drain_once
from masthead.logs import JsonFormatter, RequestIdMiddleware


def test_every_answer_names_its_request(client: TestClient) -> None:
    first = client.get("/healthz").headers["x-request-id"]
    second = client.get("/healthz").headers["x-request-id"]
    assert len(first) == 32 and first != second


def test_a_callers_request_id_is_kept_and_a_strange_one_replaced(client: TestClient) -> None:
    kept = client.get("/healthz", headers={"X-Request-Id": "lb-7f3a9c21-0001"})
    assert kept.headers["x-request-id"] == "lb-7f3a9c21-0001"
    for strange in ("short", "has spaces in it ok", "x" * 65, "evil\u00e9value-1234"):
        answer = client.get("/healthz", headers={"X-Request-Id": strange.encode("utf-8")})
        assert answer.headers["x-request-id"] != strange
        assert len(answer.headers["x-request-id"]) == 32


class _Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(JsonFormatter())
        self.lines: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(json.loads(self.format(record)))


def test_a_job_carries_its_requests_id_into_the_workers_log_lines(
    client: TestClient, runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = _Lines()
    logging.getLogger("masthead.test").addHandler(lines)
    monkeypatch.setitem(
        runtime.background.handlers,
        "mail.send",
        lambda _rt, payload: logging.getLogger("masthead.test").warning("sending %s", "reset"),
    )
    answer = client.post(
        "/blaize/users/reset", json={"identifiers": {"email_address": "nobody@example.com"}}
    )
    registered = client.post(
        "/blaize/register",
        json={
            "identifiers": {"email_address": "ids@example.com"},
            "validators": {"password": "Correct-Horse-1"},
            "attributes": {"full-name": "Ida Ids", "first-name": "Ida", "last-name": "Ids"},
        },
        headers={"X-Request-Id": "register-req-0001"},
    )
    assert answer.status_code == 404 and registered.status_code == 200
    with runtime.sessions() as db:
        ids = {job.request_id for job in db.query(OutboxJob).filter_by(topic="mail.send")}
    assert ids == {"register-req-0001"}  # the welcome mail, queued by that request
    drain_once(runtime)
    logging.getLogger("masthead.test").removeHandler(lines)
    assert any(line.get("request_id") == "register-req-0001" for line in lines.lines)


def test_json_access_lines(caplog: pytest.LogCaptureFixture) -> None:
    async def ok(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    from starlette.testclient import TestClient as Plain

    with caplog.at_level(logging.INFO, logger="masthead.access"):
        app = Plain(RequestIdMiddleware(ok, log_requests=True))
        app.get("/x", headers={"X-Request-Id": "abc-12345678"})
    (record,) = [r for r in caplog.records if r.name == "masthead.access"]
    line = json.loads(JsonFormatter().format(record))
    assert line["status"] == 204 and line["path"] == "/x" and line["method"] == "GET"
    assert isinstance(line["duration_ms"], float)
    assert line["request_id"] == "abc-12345678"
