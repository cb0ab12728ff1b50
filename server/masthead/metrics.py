"""What Prometheus scrapes at /metrics (metrics_routes.py), on its own client library:
request rates and latencies per route, the outbox's depth and age, payment gateway errors.

Several web processes (`make run-scaled`, masthead.web_process) each count in their own memory
unless PROMETHEUS_MULTIPROC_DIR names a directory they share, where prometheus_client keeps
each process's values in files and a scrape adds them up (scaled.py sets it; on several
machines Prometheus scrapes each machine). The outbox figures are read from the database at
scrape time, so every process answers the same.

Labels are route templates (`/blaize/profile/{_provider}`), never the raw path: a path a
visitor makes up would otherwise make a new series each.
"""

from __future__ import annotations

import time

from prometheus_client import Counter, Histogram
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from masthead.settings import Settings

UNMATCHED = "unmatched"  # 404s and anything no route took

REQUESTS = Counter(
    "masthead_http_requests_total",
    "HTTP requests answered, by method, route template and status.",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "masthead_http_request_duration_seconds",
    "Time until the answer started, by route template.",
    ["route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
GATEWAY_ERRORS = Counter(
    "masthead_gateway_errors_total",
    "Payment gateway calls that failed: unavailable (network, time-out, the gateway's own "
    "error), refused (a validation or processor refusal), not_found, invalid_signature.",
    ["kind"],
)


def route_of(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) else UNMATCHED


class MetricsMiddleware:
    """Counts every HTTP answer and times it to its first byte, while /metrics is on (a key
    is set): with nobody to scrape them, the counts would only cost every request."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self.settings.metrics_key:
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def send_counted(message: Message) -> None:
            if message["type"] == "http.response.start":
                route = route_of(scope)
                LATENCY.labels(route).observe(time.perf_counter() - started)
                REQUESTS.labels(scope["method"], route, str(message["status"])).inc()
            await send(message)

        await self.app(scope, receive, send_counted)
