"""Shared steps for referral tests: tenants, tokens, upserts and the referral cookie."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.deps import Runtime
from masthead.referrals import cookie
from masthead.referrals.models import FuelTankCode, Programme, Tenant
from masthead.referrals.seed import DEMO_API_KEY, DEMO_PROGRAMME, DEMO_TENANT, seed_referrals

TENANT = DEMO_TENANT
KEY = DEMO_API_KEY
LIVE = "live_masthead"
LIVE_KEY = "live-referral-key-0123456789abcdef"
BASE = f"/api/v1/{TENANT}"
MERCHANT = "http://127.0.0.1:8765"
# Tokens need an exp; the tests' clock is frozen in 2026, so this one outlives every test.
TOKEN_EXPIRES = int(datetime(2100, 1, 1, tzinfo=UTC).timestamp())


def seed(runtime: Runtime) -> None:
    """The demo tenant (test mode) and a live twin with its own key and 3 codes."""
    seed_referrals(runtime)
    with runtime.sessions.begin() as db:
        now = runtime.clock.now()
        tenant = Tenant(
            alias=LIVE,
            name="Live",
            api_key=LIVE_KEY,
            mode="live",
            allowed_origins=[MERCHANT],
            js_options={"widget": {"defaultWidgetType": "REFERRER_WIDGET"}},
            created_at=now,
        )
        db.add(tenant)
        db.flush()
        programme = Programme(
            tenant_id=tenant.id,
            slug="live-programme",
            name="Live programme",
            referrer_reward="A tote bag",
            referred_reward="20% off",
            conversion_keys=["purchase"],
            landing_url="https://merchant.example/join?utm=ref",
            created_at=now,
        )
        db.add(programme)
        db.flush()
        db.add_all(
            FuelTankCode(tenant_id=tenant.id, programme_id=programme.id, code=f"LIVE-{n}")
            for n in range(3)
        )


def token(
    account_id: str | None,
    user_id: str | None,
    key: str = KEY,
    algorithm: str = "HS256",
    **extra: Any,
) -> str:
    """A user JWT; `exp=None` leaves the exp claim out."""
    payload: dict[str, Any] = {"exp": TOKEN_EXPIRES, **extra}
    if payload["exp"] is None:
        del payload["exp"]
    if user_id is not None:
        payload["user"] = {"id": user_id, "accountId": account_id, **payload.pop("user", {})}
    return jwt.encode(payload, key, algorithm=algorithm)


def auth(value: str, header: str = "X-SaaSquatch-User-Token") -> dict[str, str]:
    return {header: value}


def server_auth(key: str = KEY) -> dict[str, str]:
    """The merchant's server: the tenant's API key as the password of HTTP Basic auth."""
    return {"Authorization": "Basic " + base64.b64encode(f":{key}".encode()).decode()}


def upsert(
    client: TestClient,
    account_id: str,
    user_id: str,
    *,
    tenant: str = TENANT,
    headers: dict[str, str] | None = None,
    params: dict[str, str] | None = None,
    **body: Any,
) -> Any:
    return client.put(
        f"/api/v1/{tenant}/widget/account/{account_id}/user/{user_id}/upsert",
        params=params or {"widgetType": "REFERRER_WIDGET", "engagementMedium": "POPUP"},
        json={"id": user_id, "accountId": account_id, **body},
        headers=headers or {},
    )


def referral_cookie(
    code: str,
    *,
    tenant: str = TENANT,
    programme: str = DEMO_PROGRAMME,
    expires: datetime | None = None,
    domain: str = "testserver",
) -> dict[str, Any]:
    return cookie.build(domain, tenant, programme, code, expires or datetime(2030, 1, 1))


def encoded(*cookies: dict[str, Any]) -> str:
    """Deep-merge the cookies as squatch-js does, then encode."""
    merged: dict[str, Any] = {}
    for part in cookies:
        for domain, entries in part.items():
            merged.setdefault(domain, {}).update(entries)
    return cookie.encode(merged)


def later(value: datetime, **delta: float) -> datetime:
    return value + timedelta(**delta)


def count(runtime: Runtime, model: type[Any], *where: Any) -> int:
    with runtime.sessions() as db:
        return int(db.scalar(select(func.count()).select_from(model).where(*where)) or 0)
