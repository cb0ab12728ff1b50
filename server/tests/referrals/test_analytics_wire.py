"""Calls 6 and 7 (widget analytics) and their preflights, each answered by its one route:
which are accepted (2xx, the row stored as sent) and which refused, with CORS for the
tenant's merchant pages only."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.deps import Runtime
from masthead.referrals.models import AnalyticsEvent
from tests.conftest import TEST_ORIGIN
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
    accepted: bool  # the route answers 2xx


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
    post(f"{LOADED}?externalAccountId=a%00b&externalUserId=u&engagementMedium=CTA", False),
    post(f"{LOADED}?{IDS}&engagementMedium=CTA&programId=p%00", False),  # the NUL rule
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


def answer_and_rows(client: TestClient, runtime: Runtime, case: Case) -> Any:
    """The response and the rows it stored, if any."""
    with runtime.sessions() as db:
        last = db.scalar(select(func.max(AnalyticsEvent.id))) or 0
    response = client.request(case.method, case.url, headers=case.headers, follow_redirects=False)
    with runtime.sessions() as db:
        rows = db.scalars(select(AnalyticsEvent).where(AnalyticsEvent.id > last)).all()
    return response, [tuple(getattr(row, name) for name in ROW) for row in rows]


def test_each_call_is_accepted_or_refused(client: TestClient, runtime: Runtime) -> None:
    for case in CASES:
        response, stored = answer_and_rows(client, runtime, case)
        assert (200 <= response.status_code < 300) is case.accepted, (case, response.text)
        assert len(stored) == (case.accepted and case.method == "POST"), case
        if not case.accepted:
            continue
        assert response.status_code == 204 and response.content == b"", case
        assert "Origin" in response.headers["vary"], case
        origin = case.headers.get("Origin")
        if origin:  # one of the tenant's pages: CORS with credentials for it alone
            assert response.headers["access-control-allow-origin"] == origin, case
            assert response.headers["access-control-allow-credentials"] == "true", case
        else:
            assert "access-control-allow-origin" not in response.headers, case
        if case.method == "OPTIONS":
            assert "POST" in response.headers["access-control-allow-methods"], case


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
