"""The analytics fast path (analytics_fastpath.py) answers as the declared routes do.

Every case goes once to the application and once to a twin without the fast path (the
FastAPI routes alone): status, headers, body and the row stored must be the same.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any, NamedTuple

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from starlette.datastructures import State
from starlette.types import Receive, Scope, Send

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals.analytics_fastpath import AnalyticsFastPath
from masthead.referrals.models import AnalyticsEvent
from masthead.settings import Settings
from tests.conftest import TEST_ORIGIN, app_without
from tests.referrals.helpers import LIVE, MERCHANT, TENANT, seed

LOADED = f"/a/{TENANT}/widgets/analytics/loaded"
SHARED = f"/a/{TENANT}/widgets/analytics/shared"
EVIL = "https://evil.example"
IDS = "externalAccountId=a&externalUserId=u"
PREFLIGHT = {
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "content-type",
}


class Case(NamedTuple):
    method: str
    url: str
    headers: dict[str, str]
    accepted: bool  # the route answers 2xx: the fast path answers it itself


def post(url: str, accepted: bool, origin: str | None = None) -> Case:
    return Case("POST", url, {"Origin": origin} if origin else {}, accepted)


def preflight(url: str, accepted: bool, origin: str | None) -> Case:
    return Case("OPTIONS", url, {"Origin": origin, **PREFLIGHT} if origin else PREFLIGHT, accepted)


ROW = [
    "tenant_id",
    "type",
    "account_id",
    "user_id",
    "engagement_medium",
    "share_medium",
    "program_id",
    "at",
]


def long_id(length: int) -> str:
    return f"externalAccountId=a&externalUserId={'u' * length}"


CASES = [
    post(f"{LOADED}?{IDS}&engagementMedium=POPUP", True),
    post(f"{LOADED}?{IDS}&engagementMedium=EMBED&programId=p1", True, MERCHANT),
    post(f"{LOADED}?{IDS}&engagementMedium=POPUP", True, TEST_ORIGIN),  # Masthead's own page
    post(f"{LOADED}?{IDS}&engagementMedium=POPUP", False, EVIL),
    post(f"{LOADED}?{IDS}&engagementMedium=POPUP&shareMedium=EMAIL", True),  # not read
    post(f"{LOADED}?{IDS}&engagementMedium=TV&engagementMedium=CTA", True),  # the last one counts
    post(f"{LOADED}?{IDS}&engagementMedium=CTA&engagementMedium=TV", False),
    post(f"{LOADED}?externalUserId=u&engagementMedium=POPUP", False, MERCHANT),
    post(f"{LOADED}?externalAccountId=&externalUserId=u&engagementMedium=POPUP", False),
    post(f"{LOADED}?{long_id(255)}&engagementMedium=POPUP", True),
    post(f"{LOADED}?{long_id(256)}&engagementMedium=POPUP", False),
    post(f"{LOADED}?{IDS}&engagementMedium=POPUP&programId={'p' * 64}", True),
    post(f"{LOADED}?{IDS}&engagementMedium=POPUP&programId={'p' * 65}", False),
    post(f"{LOADED}?{IDS}&engagementMedium=popup", False, MERCHANT),
    post(f"{LOADED}?{IDS}", False),
    post(f"{LOADED}?externalAccountId=%C3%A9%09t&externalUserId=u+v&engagementMedium=CTA", True),
    post(f"{SHARED}?{IDS}&engagementMedium=POPUP&shareMedium=WHATSAPP", True, MERCHANT),
    post(f"{SHARED}?{IDS}&engagementMedium=POPUP&shareMedium=FAX", False, MERCHANT),
    post(f"{SHARED}?{IDS}&engagementMedium=POPUP&programId=p1", False),
    post(
        f"/a/{LIVE}/widgets/analytics/shared?{IDS}&engagementMedium=CTA&shareMedium=SMS",
        True,
        MERCHANT,
    ),
    post(
        f"/a/{LIVE}/widgets/analytics/loaded?{IDS}&engagementMedium=CTA",
        False,
        "http://localhost:8000",
    ),
    post(f"/a/nobody/widgets/analytics/loaded?{IDS}&engagementMedium=POPUP", False),
    post(f"/a/nobody/widgets/analytics/loaded?{IDS}&engagementMedium=POPUP", False, EVIL),
    post(f"{LOADED}/?{IDS}&engagementMedium=POPUP", False),  # redirected to the route
    preflight(f"{LOADED}?{IDS}&engagementMedium=POPUP", True, MERCHANT),
    preflight(SHARED, True, MERCHANT),
    preflight(LOADED, False, EVIL),
    preflight(LOADED, False, None),
    preflight("/a/nobody/widgets/analytics/loaded", False, MERCHANT),
    Case("GET", f"{LOADED}?{IDS}&engagementMedium=POPUP", {"Origin": MERCHANT}, False),
]


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


@pytest.fixture
def routes_only(settings: Settings, clock: FrozenClock) -> Iterator[FastAPI]:
    """The same application without the fast path: the FastAPI routes answer everything."""
    with app_without(AnalyticsFastPath, settings, clock) as application:
        yield application


def answer_and_row(client: TestClient, runtime: Runtime, case: Case) -> Any:
    """What a client sees (status, headers but the date, body) and the row stored, if any."""
    with runtime.sessions() as db:
        last = db.scalar(select(func.max(AnalyticsEvent.id))) or 0
    response = client.request(case.method, case.url, headers=case.headers, follow_redirects=False)
    with runtime.sessions() as db:
        rows = db.scalars(select(AnalyticsEvent).where(AnalyticsEvent.id > last)).all()
    stored = [tuple(getattr(row, name) for name in ROW) for row in rows]
    seen = sorted((k, v) for k, v in response.headers.items() if k != "date")
    return response.status_code, seen, response.content, stored


def test_every_answer_is_the_routes_answer(
    client: TestClient, runtime: Runtime, routes_only: FastAPI
) -> None:
    with TestClient(routes_only, base_url=TEST_ORIGIN) as plain:
        for case in CASES:
            fast = answer_and_row(client, runtime, case)
            assert fast == answer_and_row(plain, runtime, case), case
            assert (200 <= fast[0] < 300) is case.accepted, case
            assert len(fast[3]) == (case.accepted and case.method == "POST"), case


async def reached(scope: Scope, receive: Receive, send: Send) -> None:
    """Stands for the application behind the fast path: answers 418 to show it was reached."""
    await send({"type": "http.response.start", "status": 418, "headers": []})
    await send({"type": "http.response.body", "body": b""})


def test_accepted_events_and_allowed_preflights_skip_the_application(runtime: Runtime) -> None:
    fast_path = AnalyticsFastPath(reached, runtime=runtime, state=State())

    async def statuses() -> list[int]:
        transport = httpx.ASGITransport(app=fast_path)
        async with httpx.AsyncClient(transport=transport, base_url=TEST_ORIGIN) as http:
            return [
                (await http.request(c.method, c.url, headers=c.headers)).status_code for c in CASES
            ]

    for case, status in zip(CASES, asyncio.run(statuses()), strict=True):
        assert (status != 418) is case.accepted, case


def test_ids_are_stored_as_sent_whatever_their_characters(
    client: TestClient, runtime: Runtime
) -> None:
    """Tabs, new lines, backslashes and accents survive the batch insert (COPY on PostgreSQL)."""
    odd = ["tab\there", "line\nbreak", "back\\slash", "quote'\"", "é ü 中", "\\N", " "]
    for n, value in enumerate(odd):
        params = {"externalAccountId": value, "externalUserId": f"u{n}", "engagementMedium": "CTA"}
        assert client.post(LOADED, params={**params, "programId": value}).status_code == 204
    with runtime.sessions() as db:
        rows = db.scalars(select(AnalyticsEvent).order_by(AnalyticsEvent.id)).all()
    assert [(r.account_id, r.program_id, r.share_medium) for r in rows] == [
        (value, value, None) for value in odd
    ]
