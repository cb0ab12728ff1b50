"""Accepting a page event and forwarding it, signed, through the outbox.

The page names the target (`targetUrl`), but only configured targets are ever called, so the
endpoint cannot be used to make the server request arbitrary addresses. An event is stored
in the outbox before the answer; the worker delivers it and retries with backoff until the
target answers 2xx (a redirect is a failure: it is not followed). Targets verify
`X-Masthead-Signature` (t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>">) and ignore
repeated `id`s: delivery is at least once.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import urllib.error
import urllib.request
import uuid
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.repository import Reader
from masthead.jobs.service import enqueue

TOPIC = "site.webhook"
TYPE_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_.:-]{0,63}")
MAX_DETAILS_BYTES = 4096
TIMEOUT_SECONDS = 5.0


class _RedirectRefused(urllib.request.HTTPRedirectHandler):
    """A 3xx is a failed delivery, never followed: the signed event goes to a configured
    target or nowhere (a target's redirect could send it, and our signature, anywhere)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # urllib then raises HTTPError with the 3xx status


_OPENER = urllib.request.build_opener(_RedirectRefused)


class EventRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _details(raw: str | None) -> dict[str, Any]:
    if not raw:
        return {}
    if len(raw.encode()) > MAX_DETAILS_BYTES:
        raise EventRefused(f"The details field must be at most {MAX_DETAILS_BYTES} bytes.")
    try:
        value = json.loads(raw)
    except ValueError:
        raise EventRefused("The details field must be a JSON object.") from None
    if not isinstance(value, dict):
        raise EventRefused("The details field must be a JSON object.")
    return value


def accept(
    db: Session,
    rt: Runtime,
    reader: Reader | None,
    event_type: str,
    target_url: str,
    details: str | None,
) -> str:
    """Validate the event and queue its delivery; returns the event id."""
    if not TYPE_PATTERN.fullmatch(event_type):
        raise EventRefused(
            "The type field must be an event name: letters, digits and _ . : - (64 at most)."
        )
    if target_url not in rt.settings.webhook_targets:
        raise EventRefused("The targetUrl field must be one of this site's webhook targets.")
    event = {
        "id": uuid.uuid4().hex,
        "type": event_type,
        "details": _details(details),
        "reader": None if reader is None else reader.tracking_id,
        "occurred_at": rt.clock.now().isoformat(),
    }
    enqueue(db, rt.clock, TOPIC, {"target": target_url, "event": event})
    return str(event["id"])


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def deliver(runtime: Runtime, payload: dict[str, Any]) -> None:
    """The outbox handler: POST the event; anything but a 2xx raises, so it is retried."""
    target = str(payload["target"])
    if target not in runtime.settings.webhook_targets:
        return  # the target was removed from the settings since: nothing to deliver to
    if urlsplit(target).scheme not in ("http", "https"):
        raise RuntimeError(f"webhook target {target!r} is not an http(s) URL")
    body = json.dumps(payload["event"], separators=(",", ":")).encode()
    secret = runtime.settings.webhook_secret or runtime.settings.secret_key
    timestamp = int(runtime.clock.now().timestamp())
    request = urllib.request.Request(  # noqa: S310 - http(s) only, checked above
        target,
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": "Masthead-Webhook/1",
            "X-Masthead-Signature": signature(secret, timestamp, body),
        },
    )
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            status = response.status
    except urllib.error.HTTPError as exc:
        raise RuntimeError(f"webhook target answered {exc.code}") from None
    if not 200 <= status < 300:
        raise RuntimeError(f"webhook target answered {status}")
