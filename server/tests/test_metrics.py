"""GET /metrics: Prometheus' text format behind a bearer key, requests by route template,
the outbox's depth and age from the database."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.service import enqueue

KEY = "metrics-test-key"


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    answer = client.get("/metrics", headers={"Authorization": f"Bearer {KEY}"})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return _samples(answer.text)


def test_metrics_are_off_without_a_key_and_refused_with_a_wrong_one(
    client: TestClient, runtime: Runtime
) -> None:
    assert client.get("/metrics").status_code == 404
    runtime.settings.metrics_key = KEY
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", headers={"Authorization": "Bearer nope"}).status_code == 401


def test_requests_are_counted_by_route_template_never_by_raw_path(
    client: TestClient, runtime: Runtime
) -> None:
    runtime.settings.metrics_key = KEY
    before = _scrape(client)
    healthz = (
        "masthead_http_requests_total",
        (("method", "GET"), ("route", "/healthz"), ("status", "200")),
    )
    client.get("/healthz")
    client.get("/healthz")
    client.get("/blaize/profile/_nobody")  # a template with a path parameter
    client.get("/wp-json/made-up/path-12345")
    after = _scrape(client)
    assert after[healthz] - before.get(healthz, 0) == 2
    routes = {dict(labels).get("route") for (_name, labels) in after}
    assert "/blaize/profile/{provider}" in routes
    assert "unmatched" in routes
    assert not any(route and "12345" in route for route in routes)
    latency = ("masthead_http_request_duration_seconds_count", (("route", "/healthz"),))
    assert after[latency] - before.get(latency, 0) == 2


def test_the_outbox_depth_and_the_oldest_due_jobs_age(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    runtime.settings.metrics_key = KEY
    with runtime.sessions.begin() as db:
        enqueue(db, clock, "test.waiting", {})
        enqueue(db, clock, "test.later", {}, delay=timedelta(hours=1))
    clock.advance(timedelta(seconds=90))
    figures = _scrape(client)
    assert figures[("masthead_outbox_jobs", (("state", "due"),))] == 1
    assert figures[("masthead_outbox_jobs", (("state", "scheduled_or_running"),))] == 1
    assert figures[("masthead_outbox_jobs", (("state", "failed"),))] == 0
    assert figures[("masthead_outbox_oldest_due_seconds", ())] == 90


def test_nothing_is_counted_while_metrics_are_off(client: TestClient, runtime: Runtime) -> None:
    healthz = (
        "masthead_http_requests_total",
        (("method", "GET"), ("route", "/healthz"), ("status", "200")),
    )
    runtime.settings.metrics_key = KEY
    before = _scrape(client).get(healthz, 0)
    runtime.settings.metrics_key = ""  # off: GET /metrics is a 404, and nothing counts
    client.get("/healthz")
    client.get("/healthz")
    runtime.settings.metrics_key = KEY
    client.get("/healthz")
    assert _scrape(client).get(healthz, 0) - before == 1
