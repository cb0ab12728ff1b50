"""The demo referral tenant for `make run`: `test_masthead` in test mode. Idempotent."""

from __future__ import annotations

from typing import Any

from masthead.db import session_scope
from masthead.deps import Runtime
from masthead.referrals import repository
from masthead.referrals.models import FuelTankCode, Programme, Tenant

DEMO_TENANT = "test_masthead"
DEMO_API_KEY = "demo-referral-key"  # the published key of a test-mode tenant
DEMO_PROGRAMME = "masthead-referral"
DEMO_ORIGINS = ["http://127.0.0.1:8000", "http://localhost:8000", "http://127.0.0.1:8765"]
DEMO_CODES = 50


def demo_js_options() -> dict[str, Any]:
    # Mapping urls are regular expressions matched against the page address (squatch-js).
    return {
        "widget": {"defaultWidgetType": "REFERRER_WIDGET"},
        "widgetUrlMappings": [
            {
                "url": "/demo/merchant/?$",
                "widgetType": "REFERRER_WIDGET",
                "displayOnLoad": False,
                "showAsCTA": True,
            },
            {
                "url": "/demo/merchant/welcome",
                "widgetType": "CONVERSION_WIDGET",
                "displayOnLoad": True,
                "showAsCTA": False,
            },
        ],
        "conversionUrls": ["/demo/merchant/thank-you"],
        "fuelTankAutofillUrls": [
            {"url": "/demo/merchant/checkout", "formSelector": "#referral-code"}
        ],
        "cta": {"content": {"buttonSide": "right", "buttonPosition": "bottom"}},
    }


def demo_origins(public_url: str) -> list[str]:
    """The demo pages are served from the public URL, whatever port it names."""
    origin = public_url.rstrip("/")
    extra = origin.startswith("http") and origin not in DEMO_ORIGINS
    return [*DEMO_ORIGINS, origin] if extra else list(DEMO_ORIGINS)


def seed_referrals(runtime: Runtime) -> None:
    for db in session_scope(runtime.sessions):
        now = runtime.clock.now()
        tenant = repository.tenant_by_alias_even_deleted(db, DEMO_TENANT)
        if tenant is not None and tenant.deleted_at is not None:
            continue  # deleted in the console: it stays deleted (nothing to commit)
        if tenant is None:
            tenant = Tenant(
                alias=DEMO_TENANT,
                name="Masthead demo",
                api_key=DEMO_API_KEY,
                mode="test",
                allowed_origins=demo_origins(runtime.settings.public_url),
                js_options=demo_js_options(),
                created_at=now,
            )
            db.add(tenant)
            db.flush()
        programme = repository.programme_by_slug(db, tenant.id, DEMO_PROGRAMME)
        if programme is None:
            programme = Programme(
                tenant_id=tenant.id,
                slug=DEMO_PROGRAMME,
                name="Masthead membership",
                referrer_reward="$10 off your next month",
                referred_reward="Your first month free",
                conversion_keys=["purchase", "membership_started"],
                landing_url=runtime.settings.public_url.rstrip("/") + "/demo/merchant",
                created_at=now,
            )
            db.add(programme)
            db.flush()
            db.add_all(
                FuelTankCode(
                    tenant_id=tenant.id, programme_id=programme.id, code=f"FREEMONTH-{n:04d}"
                )
                for n in range(1, DEMO_CODES + 1)
            )
