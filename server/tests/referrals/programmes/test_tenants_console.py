"""Referral tenants in the console (marketing): made with a key shown once, edited with their
origins normalised and counted by the real origin check, refused with reasons, audited
without the key; nobody else gets in."""

from __future__ import annotations

import json

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals.models import Tenant
from masthead.staff.roles import ROLES
from tests.identity.helpers import login
from tests.referrals.programmes.helpers import (
    MERCHANT,
    TENANTS,
    create_tenant,
    marketing,
    tenant_body,
)
from tests.staff.conftest import (
    PASSWORD,
    TEST_ORIGIN,
    audit_rows,
    console_client,
    make_account,
    staff_member,
)

EVERY_ROUTE = [
    ("GET", TENANTS),
    ("POST", TENANTS),
    ("GET", f"{TENANTS}/acme"),
    ("PATCH", f"{TENANTS}/acme"),
    ("DELETE", f"{TENANTS}/acme"),
    ("POST", f"{TENANTS}/acme/key"),
    ("GET", f"{TENANTS}/acme/programmes"),
    ("POST", f"{TENANTS}/acme/programmes"),
    ("GET", f"{TENANTS}/acme/programmes/friends"),
    ("PATCH", f"{TENANTS}/acme/programmes/friends"),
    ("POST", f"{TENANTS}/acme/programmes/friends/codes"),
    ("GET", f"{TENANTS}/acme/referrals"),
]


def tenants(runtime: Runtime) -> list[Tenant]:
    with runtime.sessions() as db:
        rows = list(db.scalars(select(Tenant)))
        db.expunge_all()
        return rows


def test_marketing_adds_a_tenant_and_sees_its_key_this_once(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    body = tenant_body(
        allowed_origins=["HTTPS://Shop.Example:443/", "http://localhost:9000", MERCHANT],
        mode="live",
    )
    answer = mk.client.post(TENANTS, json=body)
    assert answer.status_code == 201, answer.text
    assert answer.headers["cache-control"] == "no-store"
    made = answer.json()
    key = made["api_key"]
    assert len(key) >= 43  # 32 random bytes
    assert made["tenant"] == {
        "alias": "acme",
        "name": "Acme Shop",
        "mode": "live",
        "allowed_origins": [MERCHANT, "http://localhost:9000"],
        "js_options": {},
        "created_at": clock.now().isoformat().replace("+00:00", "Z"),
        "key_rotated_at": None,
        "key_ends_with": key[-4:],
        "programmes": 0,
    }
    [row] = tenants(runtime)
    assert row.api_key == key  # what the widget and the API check against

    shown = mk.client.get(f"{TENANTS}/acme")
    assert shown.status_code == 200
    assert shown.json() == made["tenant"]
    listed = mk.client.get(TENANTS).json()
    assert listed == {"items": [made["tenant"]], "next": None}
    for answer in (shown, mk.client.get(TENANTS)):
        assert key not in answer.text

    [entry] = audit_rows(runtime, "referral_tenant.created")
    assert entry.actor_email == "mk@example.com"
    assert (entry.target_type, entry.target_id) == ("referral-tenant", "acme")
    assert entry.before is None
    assert entry.after == {
        "name": "Acme Shop",
        "mode": "live",
        "allowed_origins": [MERCHANT, "http://localhost:9000"],
        "js_options": {},
    }
    assert key not in json.dumps([entry.before, entry.after])


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"allowed_origins": ["https://shop.example/checkout"]}, "Allowed origin 1:"),
        ({"allowed_origins": [MERCHANT, "*"]}, "Allowed origin 2:"),
        ({"allowed_origins": ["shop.example"]}, "is not an origin"),
        ({"name": "   "}, "Give the tenant a name."),
        ({"name": "Acme\x00Shop"}, "may not hold control characters"),
        ({"js_options": {"widget": "x" * 20_001}}, "longer than 20,000 characters"),
    ],
)
def test_what_does_not_fit_is_refused_and_nothing_is_written(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, change: dict[str, object], says: str
) -> None:
    mk = marketing(app, runtime, clock)
    answer = mk.client.post(TENANTS, json=tenant_body(**change))
    assert answer.status_code == 400
    assert answer.json()["type"] == "invalid-tenant"
    assert answer.json()["message"].startswith("Nothing was changed: ")
    assert says in answer.json()["message"]
    assert tenants(runtime) == []
    create_tenant(mk.client)
    edit = mk.client.patch(f"{TENANTS}/acme", json=change)
    assert (edit.status_code, edit.json()["type"]) == (400, "invalid-tenant")
    assert mk.client.get(f"{TENANTS}/acme").json()["allowed_origins"] == [MERCHANT]
    assert audit_rows(runtime, "referral_tenant.changed") == []


def test_widget_options_with_half_a_surrogate_pair_are_refused(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    raw = '{"alias": "acme", "name": "Acme", "js_options": {"w": "\\udaf2"}}'
    answer = mk.client.post(TENANTS, content=raw, headers={"Content-Type": "application/json"})
    assert (answer.status_code, answer.json()["type"]) == (400, "invalid-tenant")
    assert "not valid Unicode" in answer.json()["message"]
    assert tenants(runtime) == []


@pytest.mark.parametrize(
    "body",
    [
        {"alias": "Acme", "name": "x"},  # upper case
        {"alias": "acme shop", "name": "x"},
        {"alias": "-acme", "name": "x"},
        {"alias": "a" * 65, "name": "x"},
        {"alias": "acme", "name": ""},
        {"alias": "acme", "name": "x", "mode": "demo"},
        {"alias": "acme", "name": "x", "allowed_origins": "https://shop.example"},
        {"alias": "acme", "name": "x", "api_key": "chosen-by-me"},  # keys are made, not given
    ],
)
def test_bad_bodies_are_400(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, body: dict[str, object]
) -> None:
    mk = marketing(app, runtime, clock)
    answer = mk.client.post(TENANTS, json=body)
    assert (answer.status_code, answer.json()["type"]) == (400, "bad-request")
    assert tenants(runtime) == []


def test_an_alias_is_never_reused(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    again = mk.client.post(TENANTS, json=tenant_body(name="Another"))
    assert (again.status_code, again.json()["type"]) == (409, "alias-taken")
    assert mk.client.delete(f"{TENANTS}/acme").status_code == 204  # within the sign-in's code
    after_delete = mk.client.post(TENANTS, json=tenant_body(name="Another"))
    assert (after_delete.status_code, after_delete.json()["type"]) == (409, "alias-taken")
    assert [t.name for t in tenants(runtime)] == ["Acme Shop"]


def test_an_edit_changes_only_what_is_sent_and_is_audited(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    options = {"widget": {"defaultWidgetType": "REFERRER_WIDGET"}}
    answer = mk.client.patch(
        f"{TENANTS}/acme", json={"mode": "live", "js_options": options, "name": " Acme "}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["mode"] == "live"
    assert answer.json()["name"] == "Acme"
    assert answer.json()["allowed_origins"] == [MERCHANT]
    assert answer.json()["js_options"] == options
    [entry] = audit_rows(runtime, "referral_tenant.changed")
    assert entry.before == {
        "name": "Acme Shop",
        "mode": "test",
        "allowed_origins": [MERCHANT],
        "js_options": {},
    }
    assert entry.after == {
        "name": "Acme",
        "mode": "live",
        "allowed_origins": [MERCHANT],
        "js_options": options,
    }
    # The same values again change nothing and log nothing.
    assert mk.client.patch(f"{TENANTS}/acme", json={"mode": "live"}).status_code == 200
    assert len(audit_rows(runtime, "referral_tenant.changed")) == 1


def test_production_keeps_every_tenant_in_live_mode(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client, mode="live")
    runtime.settings.environment = "production"
    for answer in (
        mk.client.post(TENANTS, json=tenant_body("other", mode="test")),
        mk.client.patch(f"{TENANTS}/acme", json={"mode": "test"}),
    ):
        assert (answer.status_code, answer.json()["type"]) == (400, "invalid-tenant")
        assert "In production every tenant is in live mode" in answer.json()["message"]


def test_changed_origins_count_in_the_real_origin_check_at_once(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    merchant = console_client(app)  # a page on the merchant's site
    path = "/api/v1/acme/widget/account/a/user/a/upsert"

    def preflight(origin: str) -> int:
        return merchant.options(
            path,
            headers={"Origin": origin, "Access-Control-Request-Method": "PUT"},
        ).status_code

    assert (preflight(MERCHANT), preflight("https://new.example")) == (204, 403)
    mk.client.patch(f"{TENANTS}/acme", json={"allowed_origins": ["https://new.example"]})
    assert (preflight(MERCHANT), preflight("https://new.example")) == (403, 204)


def test_the_list_is_paged_by_alias(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> None:
    mk = marketing(app, runtime, clock)
    for alias in ("c-shop", "a-shop", "b-shop"):
        create_tenant(mk.client, alias)
    first = mk.client.get(TENANTS, params={"limit": 2}).json()
    assert [t["alias"] for t in first["items"]] == ["a-shop", "b-shop"]
    assert first["next"] == "b-shop"
    second = mk.client.get(TENANTS, params={"limit": 2, "after": first["next"]}).json()
    assert ([t["alias"] for t in second["items"]], second["next"]) == (["c-shop"], None)


def test_nobody_without_the_marketing_role_gets_in(
    app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    client.headers["Origin"] = TEST_ORIGIN
    for method, path in EVERY_ROUTE:  # no session
        answer = client.request(method, path, json={})
        assert (answer.status_code, answer.json()["type"]) == (401, "unauthorized"), path
    make_account(runtime, "reader@example.com")
    login(client, "reader@example.com", PASSWORD)
    for method, path in EVERY_ROUTE:  # a reader without a staff role
        answer = client.request(method, path, json={})
        assert answer.status_code == 403, path
    for role in [r for r in ROLES if r not in ("admin", "marketing")]:
        member = staff_member(app, runtime, clock, f"{role}@example.com", [role])  # type: ignore[list-item]
        for method, path in EVERY_ROUTE:
            answer = member.client.request(method, path, json={})
            assert (answer.status_code, answer.json()["type"]) == (403, "forbidden"), path
            assert "marketing" in answer.json()["message"]
    admin = staff_member(app, runtime, clock, "admin@example.com", ["admin"])
    assert admin.client.get(TENANTS).status_code == 200  # admin implies every role


def test_a_change_without_the_sites_origin_is_refused(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    for origin in ("https://evil.example", None):
        headers = {"Origin": origin} if origin else {}
        if origin is None:
            del mk.client.headers["Origin"]
        for method, path in EVERY_ROUTE:
            if method == "GET":
                continue
            answer = mk.client.request(method, path, json={}, headers=headers)
            assert (answer.status_code, answer.json()["type"]) == (403, "cross-origin-refused")
    assert [t.deleted_at for t in tenants(runtime)] == [None]
