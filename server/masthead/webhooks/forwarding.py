"""Accepting a page event and forwarding it, signed, through the outbox.

The page names the target (`targetUrl`), but only configured targets are ever called, so the
endpoint cannot be used to make the server request arbitrary addresses. An event is stored
in the outbox before the answer; the worker delivers it and retries with backoff until the
target answers 2xx (a redirect is a failure: it is not followed).

Deliveries are signed as the Standard Webhooks specification says (https://www.standardwebhooks.com),
with its library, so a target verifies them with off-the-shelf code
(`standardwebhooks.Webhook(secret).verify(body, headers)`): `webhook-id` (the event's id,
the same on every redelivery, so a target ignores repeats: delivery is at least once),
`webhook-timestamp` (the attempt's unix time) and `webhook-signature` (`v1,<base64
HMAC-SHA256 of "<id>.<timestamp>.<body>">`). The key is MASTHEAD_WEBHOOK_SECRET: a
`whsec_<base64>` secret as it is, any other text as its UTF-8 bytes, which targets hold as
`whsec_` + their base64 (receiver_secret).
"""

from __future__ import annotations

import base64
import json
import re
import urllib.error
import urllib.request
import uuid
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.orm import Session
from standardwebhooks import Webhook

from masthead.deps import Runtime
from masthead.identity.api import Reader
from masthead.jobs.api import enqueue

TOPIC = "site.webhook"
TYPE_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_.:-]{0,63}")
MAX_DETAILS_BYTES = 4096
TIMEOUT_SECONDS = 5.0
WHSEC_PREFIX = "whsec_"


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


def receiver_secret(secret: str) -> str:
    """The Standard Webhooks form (`whsec_<base64 key>`) of the setting, as targets hold it."""
    if secret.startswith(WHSEC_PREFIX):
        return secret
    return WHSEC_PREFIX + base64.b64encode(secret.encode()).decode()


def signed_headers(secret: str, event_id: str, timestamp: datetime, body: bytes) -> dict[str, str]:
    """The Standard Webhooks headers of one delivery attempt."""
    signature = Webhook(receiver_secret(secret)).sign(
        event_id, timestamp.astimezone(UTC), body.decode()
    )
    return {
        "webhook-id": event_id,
        "webhook-timestamp": str(int(timestamp.timestamp())),
        "webhook-signature": signature,
    }


def deliver(runtime: Runtime, payload: dict[str, Any]) -> None:
    """The outbox handler: POST the event; anything but a 2xx raises, so it is retried."""
    target = str(payload["target"])
    if target not in runtime.settings.webhook_targets:
        return  # the target was removed from the settings since: nothing to deliver to
    if urlsplit(target).scheme not in ("http", "https"):
        raise RuntimeError(f"webhook target {target!r} is not an http(s) URL")
    body = json.dumps(payload["event"], separators=(",", ":")).encode()
    secret = runtime.settings.webhook_secret or runtime.settings.secret_key
    signed = signed_headers(secret, str(payload["event"]["id"]), runtime.clock.now(), body)
    request = urllib.request.Request(  # noqa: S310 - http(s) only, checked above
        target,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "User-Agent": "Masthead-Webhook/1", **signed},
    )
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            status = response.status
    except urllib.error.HTTPError as exc:
        raise RuntimeError(f"webhook target answered {exc.code}") from None
    if not 200 <= status < 300:
        raise RuntimeError(f"webhook target answered {status}")
