"""A merchant's tenant as the referral calls see it (tenant_cache.py): its allowed origins and
its existence, kept a second at most, and at once when the change is committed here."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from masthead.deps import Runtime
from masthead.referrals import tenant_cache
from masthead.referrals.models import Tenant
from masthead.referrals.seed import DEMO_TENANT
from tests.conftest import TEST_ORIGIN
from tests.referrals.helpers import LIVE, MERCHANT, seed

NEW_SHOP = "https://shop.example"
OWN = TEST_ORIGIN  # Masthead's own pages
IDS = {"externalAccountId": "a", "externalUserId": "u", "engagementMedium": "POPUP"}
PREFLIGHT = {
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "content-type",
}


class Monotonic:
    """The cache's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


@pytest.fixture
def monotonic(monkeypatch: pytest.MonkeyPatch) -> Monotonic:
    clock = Monotonic()
    monkeypatch.setattr(tenant_cache, "_monotonic", clock)
    return clock


def loaded(client: TestClient, origin: str, alias: str = LIVE) -> int:
    url = f"/a/{alias}/widgets/analytics/loaded"
    return client.post(url, params=IDS, headers={"Origin": origin}).status_code


def preflight(client: TestClient, origin: str) -> int:
    url = f"/a/{LIVE}/widgets/analytics/shared"
    return client.options(url, headers={"Origin": origin, **PREFLIGHT}).status_code


def set_origins(runtime: Runtime, origins: list[str]) -> None:
    """What a tenant edit in this process does: a unit of work that commits the change."""
    with runtime.sessions.begin() as db:
        db.scalars(select(Tenant).where(Tenant.alias == LIVE)).one().allowed_origins = origins


def test_origins_changed_here_are_honoured_at_once(
    client: TestClient, runtime: Runtime, monotonic: Monotonic
) -> None:
    assert (loaded(client, MERCHANT), preflight(client, MERCHANT)) == (204, 204)
    assert (loaded(client, NEW_SHOP), preflight(client, NEW_SHOP)) == (403, 403)
    set_origins(runtime, [NEW_SHOP])  # the clock stands still: no expiry helps
    assert (loaded(client, NEW_SHOP), preflight(client, NEW_SHOP)) == (204, 204)
    answer = client.post(
        f"/a/{LIVE}/widgets/analytics/loaded", params=IDS, headers={"Origin": NEW_SHOP}
    )
    assert answer.headers["access-control-allow-origin"] == NEW_SHOP
    assert (loaded(client, MERCHANT), preflight(client, MERCHANT)) == (403, 403)


def test_a_change_from_elsewhere_counts_within_a_second(
    client: TestClient, runtime: Runtime, monotonic: Monotonic
) -> None:
    assert loaded(client, MERCHANT) == 204
    # Another process (or SQL outside the ORM): no commit of this process to hear of.
    with runtime.engine.begin() as conn:
        conn.execute(update(Tenant).where(Tenant.alias == LIVE).values(allowed_origins=[NEW_SHOP]))
    monotonic.now += tenant_cache.TENANT_FRESH_SECONDS / 2
    assert loaded(client, NEW_SHOP) == 403  # still the origins read half a second ago
    monotonic.now += tenant_cache.TENANT_FRESH_SECONDS / 2
    assert (loaded(client, NEW_SHOP), loaded(client, MERCHANT)) == (204, 403)


def test_tenants_created_and_deleted_here_count_at_once(
    client: TestClient, runtime: Runtime, monotonic: Monotonic
) -> None:
    # unknown, so never kept: refused from the merchant's page, not found from our own
    assert (loaded(client, MERCHANT, "newshop"), loaded(client, OWN, "newshop")) == (403, 404)
    with runtime.sessions.begin() as db:
        live = db.scalars(select(Tenant).where(Tenant.alias == LIVE)).one()
        db.add(
            Tenant(
                alias="newshop",
                name="New shop",
                api_key="n" * 32,
                mode="live",
                allowed_origins=[MERCHANT],
                js_options={},
                created_at=live.created_at,
            )
        )
    assert loaded(client, MERCHANT, "newshop") == 204
    assert loaded(client, MERCHANT, DEMO_TENANT) == 204
    with runtime.sessions.begin() as db:
        db.delete(db.scalars(select(Tenant).where(Tenant.alias == "newshop")).one())
    assert (loaded(client, MERCHANT, "newshop"), loaded(client, OWN, "newshop")) == (403, 404)
