"""The analytics group commit (ingest.py): batched under load, and no 2xx for an unstored event."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from masthead.deps import Runtime
from masthead.referrals import ingest
from masthead.referrals.models import AnalyticsEvent
from tests.referrals.helpers import TENANT, count, seed

LOADED = f"/a/{TENANT}/widgets/analytics/loaded"
SHARED = f"/a/{TENANT}/widgets/analytics/shared"


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def params(n: int) -> dict[str, str]:
    return {"externalAccountId": f"a{n}", "externalUserId": f"u{n}", "engagementMedium": "POPUP"}


async def post_all(app: FastAPI, n: int, url: str = LOADED) -> list[int]:
    """n concurrent POSTs in this event loop; their status codes in order."""
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        responses = await asyncio.gather(*(client.post(url, params=params(i)) for i in range(n)))
    return [r.status_code for r in responses]


def record_batches(
    monkeypatch: pytest.MonkeyPatch, before: Callable[[int], None] | None = None
) -> list[int]:
    """Wraps AnalyticsWriter._insert: the sizes of the batches written, in order."""
    sizes: list[int] = []
    insert = ingest.AnalyticsWriter._insert

    def recording(self: ingest.AnalyticsWriter, rows: list[dict[str, Any]]) -> None:
        sizes.append(len(rows))
        if before:
            before(len(sizes) - 1)
        insert(self, rows)

    monkeypatch.setattr(ingest.AnalyticsWriter, "_insert", recording)
    return sizes


def test_concurrent_events_are_written_in_batches_and_all_stored(
    app: FastAPI, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes = record_batches(monkeypatch)
    statuses = asyncio.run(post_all(app, 200))
    assert statuses == [204] * 200
    assert count(runtime, AnalyticsEvent) == 200
    assert sum(sizes) == 200
    assert max(sizes) > 1  # requests that arrive during a write share the next transaction


def test_shared_events_go_through_the_same_writer(
    app: FastAPI, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes = record_batches(monkeypatch)

    async def both() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            loaded = client.post(LOADED, params=params(1))
            shared = client.post(SHARED, params={**params(2), "shareMedium": "EMAIL"})
            return [r.status_code for r in await asyncio.gather(loaded, shared)]

    assert asyncio.run(both()) == [204, 204]
    assert sum(sizes) == 2
    assert count(runtime, AnalyticsEvent, AnalyticsEvent.share_medium == "EMAIL") == 1


def test_a_failed_write_fails_every_request_of_its_batch_and_later_ones_succeed(
    app: FastAPI, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail_first(batch_number: int) -> None:
        if batch_number == 0:
            raise RuntimeError("the database went away")

    sizes = record_batches(monkeypatch, fail_first)
    statuses = asyncio.run(post_all(app, 50))
    failed = statuses.count(500)
    assert failed == sizes[0] >= 1
    assert statuses.count(204) == 50 - failed
    # Exactly the events answered 204 are stored.
    assert count(runtime, AnalyticsEvent) == 50 - failed
    assert asyncio.run(post_all(app, 3)) == [204, 204, 204]


def test_an_unknown_tenant_is_404_before_anything_is_queued(app: FastAPI, runtime: Runtime) -> None:
    statuses = asyncio.run(post_all(app, 1, "/a/no_such_tenant/widgets/analytics/loaded"))
    assert statuses == [404]
    assert count(runtime, AnalyticsEvent) == 0


def test_too_many_waiting_events_are_refused_with_429(
    app: FastAPI, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    writing, release = threading.Event(), threading.Event()

    def hold_first(batch_number: int) -> None:
        if batch_number == 0:
            writing.set()
            release.wait(10)

    record_batches(monkeypatch, hold_first)
    app.state.referral_analytics_writer = ingest.AnalyticsWriter(runtime.engine, max_waiting=2)

    async def scenario() -> tuple[list[int], int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            first = asyncio.create_task(client.post(LOADED, params=params(0)))
            await asyncio.to_thread(writing.wait, 10)  # the first batch is being written
            waiting = [asyncio.create_task(client.post(LOADED, params=params(n))) for n in (1, 2)]
            while len(app.state.referral_analytics_writer._waiting) < 2:
                await asyncio.sleep(0.01)
            refused = await client.post(LOADED, params=params(3))
            release.set()
            answered = await asyncio.gather(first, *waiting)
            return [r.status_code for r in answered], refused.status_code

    answered, refused = asyncio.run(scenario())
    assert refused == 429
    assert answered == [204, 204, 204]
    assert count(runtime, AnalyticsEvent) == 3
