"""Each webhook event is a stored job and an outgoing request: a client address and a
signed-in reader may each queue only so many per window (429, the one error shape)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.settings import Settings
from tests.billing.api_helpers import count, sign_in
from tests.webhooks.test_webhook import URL, nonce

TARGET = "https://hooks.example/events"


@contextmanager
def limited(
    settings: Settings, clock: FrozenClock, peer: str = "192.0.2.10", **limits: int
) -> Iterator[tuple[TestClient, Runtime]]:
    strict = settings.model_copy(update={"webhook_targets": [TARGET], **limits})
    app = create_app(strict, clock)
    with TestClient(app, base_url="http://testserver", client=(peer, 40000)) as client:
        yield client, app.state.runtime


def event(client: TestClient, runtime: Runtime) -> Any:
    form = {"_ajax_nonce": nonce(client, runtime), "type": "articleview", "targetUrl": TARGET}
    return client.post(URL, data=form)


def assert_limited(response: Any) -> None:
    assert response.status_code == 429, response.text
    assert response.json()["type"] == "too-many-requests"
    assert "Please wait" in response.json()["message"]
    assert int(response.headers["Retry-After"]) > 0


def test_events_are_limited_per_address(
    runtime: Runtime, settings: Settings, clock: FrozenClock
) -> None:
    with limited(settings, clock, webhook_events_per_address=3) as (client, rt):
        assert [event(client, rt).status_code for _ in range(3)] == [202] * 3
        assert_limited(event(client, rt))
        assert count(rt, OutboxJob) == 3  # the refused event was not queued
        other = TestClient(client.app, base_url="http://testserver", client=("192.0.2.11", 1))
        assert event(other, rt).status_code == 202  # another address has its own count


def test_events_are_limited_per_reader_whatever_the_address(
    runtime: Runtime, settings: Settings, clock: FrozenClock
) -> None:
    with limited(settings, clock, webhook_events_per_account=2) as (client, rt):
        sign_in(client, "busy@example.com")
        assert [event(client, rt).status_code for _ in range(2)] == [202] * 2
        assert_limited(event(client, rt))
        # The same address, signed out: the reader's count does not hold back the address.
        client.cookies.clear()
        assert event(client, rt).status_code == 202
