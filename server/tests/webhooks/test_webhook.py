"""POST /wp-json/nyp-membership/v1/webhook: nonce-checked, only to configured targets,
delivered signed through the outbox (Standard Webhooks: receivers verify with its library),
retried until the target takes it."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient
from standardwebhooks import Webhook, WebhookVerificationError

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.jobs.runner import drain_once
from masthead.nonces import REST_ACTION, make_nonce
from masthead.webhooks.forwarding import receiver_secret
from tests.billing.api_helpers import sign_in

URL = "/wp-json/nyp-membership/v1/webhook"


class Receiver:
    """A webhook target on a free port: records what arrives, answers planned statuses."""

    def __init__(self) -> None:
        self.received: list[tuple[dict[str, str], bytes]] = []
        self.statuses: list[int] = []
        self.location: str | None = None  # sent with every answer when set (redirects)
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                headers = {name.lower(): value for name, value in self.headers.items()}
                receiver.received.append((headers, body))
                self.send_response(receiver.statuses.pop(0) if receiver.statuses else 204)
                if receiver.location:
                    self.send_header("Location", receiver.location)
                self.end_headers()

            do_GET = do_POST  # a redirected POST may arrive as a GET

            def log_message(self, *args: Any) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/events"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def receiver(runtime: Runtime) -> Iterator[Receiver]:
    target = Receiver()
    runtime.settings.webhook_targets = [target.url]
    runtime.settings.webhook_secret = "hook-secret"
    yield target
    target.server.shutdown()


def nonce(client: TestClient, runtime: Runtime) -> str:
    token = client.cookies.get(SESSION_COOKIE) or ""
    return make_nonce(runtime.settings.secret_key, token, REST_ACTION, runtime.clock.now())


def post(client: TestClient, runtime: Runtime, **form: str) -> Any:
    return client.post(URL, data={"_ajax_nonce": nonce(client, runtime), **form})


def test_an_event_is_forwarded_signed_with_the_reader(
    client: TestClient, runtime: Runtime, clock: FrozenClock, receiver: Receiver
) -> None:
    clock.at = datetime.now(UTC)  # the receiver's library checks the timestamp against its own
    tracking_id = sign_in(client)
    response = post(
        client,
        runtime,
        type="articleview",
        targetUrl=receiver.url,
        details=json.dumps({"postId": 41, "brand": "main"}),
    )
    assert response.status_code == 202, response.text
    assert receiver.received == []  # delivered by the worker, not in the request
    drain_once(runtime)
    [(headers, body)] = receiver.received
    event = json.loads(body)
    assert (event["type"], event["details"], event["reader"]) == (
        "articleview",
        {"postId": 41, "brand": "main"},
        tracking_id,
    )
    assert event["id"] == response.json()["id"]
    # What a receiver does with off-the-shelf code: the whsec_ form of the setting verifies it.
    secret = receiver_secret("hook-secret")
    assert secret == "whsec_aG9vay1zZWNyZXQ="  # base64 of the setting's bytes
    assert Webhook(secret).verify(body, headers) == event
    assert headers["webhook-id"] == event["id"]
    assert headers["webhook-timestamp"] == str(int(clock.at.timestamp()))
    assert headers["webhook-signature"].startswith("v1,")
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body.replace(b"articleview", b"articleVIEW"), headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(receiver_secret("another-secret")).verify(body, headers)


def test_a_whsec_setting_is_the_receivers_secret_as_it_is(
    client: TestClient, runtime: Runtime, clock: FrozenClock, receiver: Receiver
) -> None:
    clock.at = datetime.now(UTC)
    runtime.settings.webhook_secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    assert receiver_secret(runtime.settings.webhook_secret) == runtime.settings.webhook_secret
    assert post(client, runtime, type="articleview", targetUrl=receiver.url).status_code == 202
    drain_once(runtime)
    [(headers, body)] = receiver.received
    assert Webhook(runtime.settings.webhook_secret).verify(body, headers)["type"] == "articleview"


def test_a_failing_target_gets_the_event_again_later(
    client: TestClient, runtime: Runtime, clock: FrozenClock, receiver: Receiver
) -> None:
    receiver.statuses = [500, 503]
    assert post(client, runtime, type="reactions-voted", targetUrl=receiver.url).status_code == 202
    drain_once(runtime)
    for _ in range(2):
        clock.at = clock.at + timedelta(minutes=5)
        drain_once(runtime)
    bodies = [json.loads(body) for _, body in receiver.received]
    assert len(bodies) == 3 and len({b["id"] for b in bodies}) == 1  # one event, redelivered
    # Redeliveries share the webhook-id (receivers drop repeats); each attempt has its own time.
    attempts = [headers for headers, _ in receiver.received]
    assert {h["webhook-id"] for h in attempts} == {bodies[0]["id"]}
    assert len({h["webhook-timestamp"] for h in attempts}) == 3
    assert bodies[0]["reader"] is None  # anonymous events are forwarded too


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_a_failed_delivery_never_followed(
    client: TestClient, runtime: Runtime, clock: FrozenClock, receiver: Receiver, status: int
) -> None:
    elsewhere = Receiver()  # where the target points: not a configured target
    try:
        receiver.statuses, receiver.location = [status], elsewhere.url
        assert post(client, runtime, type="articleview", targetUrl=receiver.url).status_code == 202
        drain_once(runtime)
        assert elsewhere.received == []  # the signed event went nowhere else
        receiver.location = None
        clock.at = clock.at + timedelta(minutes=5)
        drain_once(runtime)  # the 3xx counted as a failure: delivered again
        assert len(receiver.received) == 2
    finally:
        elsewhere.server.shutdown()


def test_refusals(client: TestClient, runtime: Runtime, receiver: Receiver) -> None:
    sign_in(client)
    no_nonce = client.post(
        URL,
        data={"type": "articleview", "targetUrl": receiver.url},
        headers={"X-WP-Nonce": ""},  # the client fixture would send the page's nonce
    )
    assert (no_nonce.status_code, no_nonce.json()["type"]) == (403, "bad-nonce")
    wrong = client.post(
        URL,
        data={"_ajax_nonce": "0" * 20, "type": "articleview", "targetUrl": receiver.url},
        headers={"X-WP-Nonce": ""},
    )
    assert wrong.status_code == 403
    cases = [
        {"type": "articleview", "targetUrl": "http://169.254.169.254/latest/meta-data"},
        {"type": "articleview", "targetUrl": "file:///etc/passwd"},
        {"type": "<script>", "targetUrl": receiver.url},
        {"type": "articleview", "targetUrl": receiver.url, "details": "[1, 2]"},
        {"type": "articleview", "targetUrl": receiver.url, "details": "{" + "x" * 5000},
    ]
    for form in cases:
        response = post(client, runtime, **form)
        assert response.status_code == 400, form
        assert response.json()["message"], form
    drain_once(runtime)
    assert receiver.received == []
