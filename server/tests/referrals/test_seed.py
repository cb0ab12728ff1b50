"""The demo tenant: seeded once, however often start-up runs."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.referrals.models import FuelTankCode, Programme, Tenant
from masthead.referrals.seed import seed_referrals
from tests.referrals.helpers import TENANT, count, upsert


def test_seed_is_idempotent(runtime: Runtime, client: TestClient) -> None:
    seed_referrals(runtime)
    seed_referrals(runtime)
    assert count(runtime, Tenant) == 1
    assert count(runtime, Programme) == 1
    assert count(runtime, FuelTankCode) == 50
    with runtime.sessions() as db:
        tenant = db.query(Tenant).one()
        programme = db.query(Programme).one()
    assert (tenant.alias, tenant.mode, tenant.api_key) == (TENANT, "test", "demo-referral-key")
    assert tenant.allowed_origins == [
        "http://127.0.0.1:8000",
        "http://localhost:8000",
        "http://127.0.0.1:8765",
        "http://testserver",  # the public URL's origin
    ]
    assert programme.slug == "masthead-referral"
    assert (programme.referrer_reward, programme.referred_reward) == (
        "$10 off your next month",
        "Your first month free",
    )
    assert programme.conversion_keys == ["purchase", "membership_started"]
    assert programme.landing_url == "http://testserver/demo/merchant"
    assert upsert(client, "a", "u").status_code == 200
