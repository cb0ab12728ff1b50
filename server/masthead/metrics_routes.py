"""GET /metrics: Prometheus' text format, behind a bearer key (MASTHEAD_METRICS_KEY; empty,
the endpoint is absent). Request figures come from this process, or from every process
sharing PROMETHEUS_MULTIPROC_DIR; the outbox's from the database, read at each scrape."""

from __future__ import annotations

import os
from collections.abc import Iterator

from fastapi import APIRouter, Depends, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from masthead.deps import Runtime, RuntimeDep
from masthead.jobs.api import queue_figures
from masthead.operator_auth import bearer_key_check

router = APIRouter(tags=["operations"], include_in_schema=False)
_metrics_key = bearer_key_check(lambda settings: settings.metrics_key, "metrics")


class OutboxCollector(Collector):
    """The outbox's depth and age as gauges, asked of the database at scrape time."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime

    def collect(self) -> Iterator[GaugeMetricFamily]:
        figures = queue_figures(self.runtime)
        depth = GaugeMetricFamily(
            "masthead_outbox_jobs",
            "Outbox jobs by state: due (waiting for a worker), scheduled_or_running (claimed "
            "by a worker, or a retry or a delay not due yet), failed (given up).",
            labels=["state"],
        )
        for state, count in figures.counts.items():
            depth.add_metric([state], count)
        yield depth
        yield GaugeMetricFamily(
            "masthead_outbox_oldest_due_seconds",
            "How long the oldest due job has waited for a worker (0 when none waits).",
            value=figures.oldest_due_seconds,
        )


@router.get("/metrics", dependencies=[Depends(_metrics_key)])
def metrics(runtime: RuntimeDep) -> Response:
    registry: CollectorRegistry = REGISTRY
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    scrape = CollectorRegistry()
    scrape.register(OutboxCollector(runtime))
    body = generate_latest(registry) + generate_latest(scrape)
    return Response(body, media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})
