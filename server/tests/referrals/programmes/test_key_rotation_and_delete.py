"""Key rotation and deletion: each needs a fresh code in the console; a rotated key is
refused at once by the real checks (the merchant server's Basic auth, user JWTs) and the new
one accepted; a deleted tenant answers no referral call, yet keeps its rows."""

from __future__ import annotations

import json

from fastapi import FastAPI
from sqlalchemy import select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals.models import AnalyticsEvent, ReferralUser, Tenant
from masthead.referrals.production_check import unsafe_tenants
from masthead.referrals.seed import DEMO_TENANT, seed_referrals
from tests.referrals.helpers import count
from tests.referrals.programmes.helpers import (
    MERCHANT,
    TENANTS,
    create_programme,
    create_tenant,
    lose_step_up,
    marketing,
    step_up,
    track,
    user_jwt,
    widget_upsert,
)
from tests.staff.conftest import audit_rows, console_client

REAUTH = "reauthentication-required"


def stored_key(runtime: Runtime, alias: str = "acme") -> str:
    with runtime.sessions() as db:
        key = db.scalar(select(Tenant.api_key).where(Tenant.alias == alias))
        assert key is not None
        return key


def test_rotation_needs_a_fresh_code_and_shows_the_new_key_once(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    first = create_tenant(mk.client)["api_key"]
    lose_step_up(mk)
    refused = mk.client.post(f"{TENANTS}/acme/key")
    assert (refused.status_code, refused.json()["type"]) == (403, REAUTH)
    assert stored_key(runtime) == first
    assert mk.client.post(f"{TENANTS}/nobody/key").status_code == 404  # no code asked for it

    step_up(mk)
    rotated = mk.client.post(f"{TENANTS}/acme/key")
    assert rotated.status_code == 200, rotated.text
    assert rotated.headers["cache-control"] == "no-store"
    second = rotated.json()["api_key"]
    assert second != first and len(second) >= 43
    assert stored_key(runtime) == second
    tenant = rotated.json()["tenant"]
    assert tenant["key_ends_with"] == second[-4:]
    assert tenant["key_rotated_at"] == clock.now().isoformat().replace("+00:00", "Z")
    assert second not in mk.client.get(f"{TENANTS}/acme").text

    [entry] = audit_rows(runtime, "referral_tenant.key_rotated")
    assert entry.actor_email == "mk@example.com"
    assert entry.target_id == "acme"
    assert entry.before == {"key_rotated_at": None}
    assert entry.after == {"key_rotated_at": clock.now().isoformat()}
    every_entry = json.dumps([[e.before, e.after] for e in audit_rows(runtime)])
    assert first not in every_entry and second not in every_entry


def test_the_old_key_is_refused_and_the_new_one_accepted_by_the_real_checks(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    old = create_tenant(mk.client, mode="live")["api_key"]
    create_programme(mk.client)
    page = console_client(app)
    page.headers["Origin"] = MERCHANT

    def upsert_with(key: str, user: str) -> tuple[int, str | None]:
        answer = widget_upsert(page, "acme", user, {"X-SaaSquatch-User-Token": user_jwt(key, user)})
        return answer.status_code, answer.json().get("apiErrorCode")

    assert upsert_with(old, "ann") == (200, None)
    assert track(page, "acme", "ann", old).status_code == 200
    new = mk.client.post(f"{TENANTS}/acme/key").json()["api_key"]  # the sign-in's code counts

    assert upsert_with(old, "bob") == (401, "INVALID_TOKEN")
    refused = track(page, "acme", "ann", old)
    assert (refused.status_code, refused.json()["apiErrorCode"]) == (401, "INVALID_API_KEY")
    assert upsert_with(new, "bob") == (200, None)
    assert track(page, "acme", "ann", new).status_code == 200
    # A live tenant still needs a token: the rotation changed nothing else.
    bare = widget_upsert(page, "acme", "cat")
    assert (bare.status_code, bare.json()["apiErrorCode"]) == (401, "TOKEN_REQUIRED")


def test_delete_needs_a_fresh_code_and_is_soft(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    create_programme(mk.client)
    page = console_client(app)
    page.headers["Origin"] = MERCHANT
    assert widget_upsert(page, "acme", "ann").status_code == 200
    loaded = page.post(
        "/a/acme/widgets/analytics/loaded",
        params={"externalAccountId": "ann", "externalUserId": "ann", "engagementMedium": "POPUP"},
    )
    assert loaded.status_code < 300

    lose_step_up(mk)
    refused = mk.client.delete(f"{TENANTS}/acme")
    assert (refused.status_code, refused.json()["type"]) == (403, REAUTH)
    assert widget_upsert(page, "acme", "ann").status_code == 200
    step_up(mk)
    deleted = mk.client.delete(f"{TENANTS}/acme")
    assert deleted.status_code == 204

    # Every referral call, the widget's and the analytics', answers as for no tenant: from
    # the merchant's pages its origins are gone with it, from elsewhere it is not found.
    for caller, answer in ((page, (403, "ORIGIN_NOT_ALLOWED")), (console_client(app), None)):
        gone = widget_upsert(caller, "acme", "ann")
        assert (gone.status_code, gone.json()["apiErrorCode"]) == (
            answer or (404, "TENANT_NOT_FOUND")
        )
        analytics = caller.post(
            "/a/acme/widgets/analytics/loaded",
            params={"externalAccountId": "a", "externalUserId": "a", "engagementMedium": "POPUP"},
        )
        assert (analytics.status_code, analytics.json()["apiErrorCode"]) == (
            answer or (404, "TENANT_NOT_FOUND")
        )
    # The console and its lists no longer show it.
    assert mk.client.get(f"{TENANTS}/acme").status_code == 404
    assert mk.client.get(TENANTS).json()["items"] == []
    assert mk.client.patch(f"{TENANTS}/acme", json={"name": "x"}).status_code == 404
    # Its rows stay: users, analytics, the tenant itself with when it was deleted.
    assert count(runtime, ReferralUser) == 1
    assert count(runtime, AnalyticsEvent) >= 1
    with runtime.sessions() as db:
        assert db.scalar(select(Tenant.deleted_at).where(Tenant.alias == "acme")) == clock.now()
        # A deleted test-mode tenant does not keep production from starting.
        assert unsafe_tenants(db) == []
    [entry] = audit_rows(runtime, "referral_tenant.deleted")
    assert entry.before is not None and entry.before["name"] == "Acme Shop"
    assert entry.after is None


def test_the_demo_seed_leaves_a_deleted_demo_tenant_deleted(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    seed_referrals(runtime)
    mk = marketing(app, runtime, clock)
    assert mk.client.delete(f"{TENANTS}/{DEMO_TENANT}").status_code == 204
    seed_referrals(runtime)  # the next start
    with runtime.sessions() as db:
        rows = list(db.scalars(select(Tenant)))
        assert [(t.alias, t.deleted_at is not None) for t in rows] == [(DEMO_TENANT, True)]
