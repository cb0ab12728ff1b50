"""Logs an operations team can search: one JSON object per line (MASTHEAD_LOG_FORMAT=json),
each carrying the id of the request it belongs to, and the jobs that request queued carry it
on (jobs/service.py stores it with the job, jobs/runner.py restores it while the job runs).

The request id is the caller's `X-Request-Id` when it looks like one (a load balancer's or an
upstream service's), else a new one; every answer says it back in `X-Request-Id`, so a reader's
report ("it failed at 10:02, request 3f2a…") leads to every line it caused.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime

from starlette.types import ASGIApp, Message, Receive, Scope, Send

REQUEST_ID_HEADER = b"x-request-id"
# Ids from outside are echoed in headers and logs: a short token of safe characters only.
_ACCEPTED_ID = re.compile(rb"[A-Za-z0-9._:-]{8,64}")

request_id: ContextVar[str | None] = ContextVar("masthead_request_id", default=None)
access_log = logging.getLogger("masthead.access")


class JsonFormatter(logging.Formatter):
    """time, level, logger, message, request_id (when there is one), the exception's text,
    and the fields a call passed with `extra={"fields": {...}}`."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        rid = getattr(record, "request_id", None) or request_id.get()
        if rid is not None:
            entry["request_id"] = rid
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def configure(log_format: str, level: int = logging.INFO) -> None:
    """The process's root handler: JSON lines or the plain text a developer reads. Each
    record is stamped with the request id when it is made (a queued handler formats later)."""
    make_record = logging.getLogRecordFactory()
    if not getattr(make_record, "stamps_request_id", False):

        def stamped(*args: object, **kwargs: object) -> logging.LogRecord:
            record = make_record(*args, **kwargs)
            record.request_id = request_id.get()
            return record

        stamped.stamps_request_id = True  # type: ignore[attr-defined]
        logging.setLogRecordFactory(stamped)
    handler = logging.StreamHandler(sys.stderr)
    if log_format == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


class RequestIdMiddleware:
    """Gives each request its id (the context variable above and the answer's header) and,
    with `log_requests`, writes one access line per request when its answer starts."""

    def __init__(self, app: ASGIApp, log_requests: bool = False) -> None:
        self.app = app
        self.log_requests = log_requests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = _incoming_id(scope["headers"]) or uuid.uuid4().hex
        token = request_id.set(rid)
        started = time.perf_counter()
        header = (REQUEST_ID_HEADER, rid.encode())

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), header]
                if self.log_requests:
                    _log_request(scope, message["status"], started)
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            request_id.reset(token)


def _incoming_id(headers: list[tuple[bytes, bytes]]) -> str | None:
    for name, value in headers:
        if name == REQUEST_ID_HEADER and _ACCEPTED_ID.fullmatch(value):
            return value.decode()
    return None


def _log_request(scope: Scope, status: int, started: float) -> None:
    route = scope.get("route")
    access_log.info(
        "%s %s %s",
        scope["method"],
        scope["path"],
        status,
        extra={
            "fields": {
                "method": scope["method"],
                "path": scope["path"],
                "route": getattr(route, "path", None),
                "status": status,
                "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                "request_id": request_id.get(),
            }
        },
    )
