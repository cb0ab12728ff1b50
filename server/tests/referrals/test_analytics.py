"""Widget analytics: loaded and shared, stored as sent."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals.models import AnalyticsEvent
from tests.referrals.helpers import MERCHANT, TENANT, count, seed

LOADED = f"/a/{TENANT}/widgets/analytics/loaded"
SHARED = f"/a/{TENANT}/widgets/analytics/shared"


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def test_loaded_and_shared_are_stored(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    ids = {"externalAccountId": "a", "externalUserId": "u"}
    loaded = client.post(
        LOADED, params={**ids, "engagementMedium": "EMBED", "programId": "masthead-referral"}
    )
    assert loaded.status_code == 204 and loaded.content == b""
    shared = client.post(
        SHARED, params={**ids, "engagementMedium": "POPUP", "shareMedium": "WHATSAPP"}
    )
    assert shared.status_code == 204
    with runtime.sessions() as db:
        rows = db.scalars(select(AnalyticsEvent).order_by(AnalyticsEvent.id)).all()
    assert [
        (r.type, r.account_id, r.user_id, r.engagement_medium, r.share_medium, r.program_id)
        for r in rows
    ] == [
        ("loaded", "a", "u", "EMBED", None, "masthead-referral"),
        ("shared", "a", "u", "POPUP", "WHATSAPP", None),
    ]
    assert rows[0].at == clock.now()


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        (None, None),  # what Masthead's library sends: no body, no Content-Type
        (b"", "text/plain;charset=UTF-8"),
        (b"{}", "text/plain"),
        (b"{}", "application/json"),  # squatch-js, after a preflight
    ],
)
def test_a_merchant_page_records_a_load_with_a_simple_request(
    client: TestClient, runtime: Runtime, content: bytes | None, content_type: str | None
) -> None:
    """A CORS simple request needs no preflight: an empty or text/plain body is accepted."""
    headers = {"Origin": MERCHANT, **({"Content-Type": content_type} if content_type else {})}
    response = client.post(
        LOADED,
        params={"externalAccountId": "a", "externalUserId": "u", "engagementMedium": "POPUP"},
        headers=headers,
        content=content,
    )
    assert response.status_code == 204
    assert response.headers["access-control-allow-origin"] == MERCHANT
    assert response.headers["access-control-allow-credentials"] == "true"
    with runtime.sessions() as db:
        row = db.scalars(select(AnalyticsEvent)).one()
    assert (row.type, row.account_id, row.user_id, row.engagement_medium) == (
        "loaded",
        "a",
        "u",
        "POPUP",
    )


@pytest.mark.parametrize(
    ("url", "params", "message"),
    [
        (LOADED, {"externalUserId": "u", "engagementMedium": "POPUP"}, "externalAccountId"),
        (LOADED, {"externalAccountId": "a", "externalUserId": "u"}, "engagementMedium"),
        # PostgreSQL cannot store a NUL: refused before it could fail its batch's COPY.
        (
            LOADED,
            {"externalAccountId": "a", "externalUserId": "u\x00", "engagementMedium": "POPUP"},
            "externalUserId",
        ),
        (
            SHARED,
            {
                "externalAccountId": "\x00",
                "externalUserId": "u",
                "engagementMedium": "POPUP",
                "shareMedium": "EMAIL",
            },
            "externalAccountId",
        ),
        (
            LOADED,
            {
                "externalAccountId": "a",
                "externalUserId": "u",
                "engagementMedium": "POPUP",
                "programId": "p\x00",
            },
            "programId",
        ),
        (
            LOADED,
            {"externalAccountId": "a", "externalUserId": "u", "engagementMedium": "TV"},
            "engagementMedium must be one of",
        ),
        (
            SHARED,
            {"externalAccountId": "a", "externalUserId": "u", "engagementMedium": "POPUP"},
            "shareMedium",
        ),
        (
            SHARED,
            {
                "externalAccountId": "a",
                "externalUserId": "u",
                "engagementMedium": "POPUP",
                "shareMedium": "FAX",
            },
            "shareMedium must be one of",
        ),
    ],
)
def test_bad_analytics_are_400(
    client: TestClient, runtime: Runtime, url: str, params: dict[str, str], message: str
) -> None:
    response = client.post(url, params=params)
    assert response.status_code == 400
    assert message in response.json()["message"]
    assert response.json()["apiErrorCode"] == "BAD_REQUEST"
    assert count(runtime, AnalyticsEvent) == 0


def test_unknown_tenant(client: TestClient) -> None:
    response = client.post(
        "/a/nobody/widgets/analytics/loaded",
        params={"externalAccountId": "a", "externalUserId": "u", "engagementMedium": "POPUP"},
    )
    assert response.status_code == 404
