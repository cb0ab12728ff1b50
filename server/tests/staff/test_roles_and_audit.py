"""Admins list and change staff roles (with step-up) and read the audit log; every other role
is refused; the audit log is written in the change's transaction and read a page at a time."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi import FastAPI

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import user_by_email
from masthead.staff import audit, service
from masthead.staff.roles import ROLES
from tests.staff.conftest import Member, audit_rows, make_account, staff_member

ADMIN = "admin@example.com"
REAUTH = {
    "type": "reauthentication-required",
    "message": "Please enter a code from your authenticator app to confirm this change.",
}


@pytest.fixture
def admin(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> Member:
    return staff_member(app, runtime, clock, ADMIN, ["admin"])


@pytest.mark.parametrize("role", [r for r in ROLES if r != "admin"])
def test_other_roles_may_not_manage_staff_nor_read_the_audit_log(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, role: str
) -> None:
    member = staff_member(app, runtime, clock, f"{role}@example.com", [role])  # type: ignore[list-item]
    refused = {"type": "forbidden", "message": "Your account does not have the admin role."}
    assert member.client.get("/admin/api/me").status_code == 200
    for answer in (
        member.client.get("/admin/api/staff"),
        member.client.get("/admin/api/audit"),
        member.client.put(f"/admin/api/staff/{role}@example.com", json={"roles": ["admin"]}),
    ):
        assert (answer.status_code, answer.json()) == (403, refused)


def test_an_admin_grants_roles_after_a_step_up(
    admin: Member, runtime: Runtime, clock: FrozenClock
) -> None:
    make_account(runtime, "new@example.com")
    clock.advance(timedelta(minutes=5))  # the sign-in's code no longer counts
    assert admin.client.get("/admin/api/me").json()["reauthenticated_until"] is None
    grant = {"roles": ["support", "editor", "support"]}
    refused = admin.client.put("/admin/api/staff/New@Example.com", json=grant)
    assert (refused.status_code, refused.json()) == (403, REAUTH)
    wrong = admin.client.post("/admin/api/session/confirm", json={"code": "000000"})
    assert (wrong.status_code, wrong.json()["type"]) == (400, "invalid-code")
    confirmed = admin.client.post("/admin/api/session/confirm", json={"code": admin.code()})
    assert confirmed.status_code == 200
    until = confirmed.json()["reauthenticated_until"]
    assert until == (clock.now() + timedelta(minutes=5)).isoformat().replace("+00:00", "Z")
    assert admin.client.get("/admin/api/me").json()["reauthenticated_until"] == until

    answer = admin.client.put("/admin/api/staff/New@Example.com", json=grant)
    assert answer.status_code == 200, answer.text
    member = answer.json()
    assert member["email"] == "new@example.com"
    assert member["roles"] == ["editor", "support"]
    assert member["enrolled"] is False
    assert member["granted_at"] == clock.now().isoformat().replace("+00:00", "Z")
    listed = admin.client.get("/admin/api/staff").json()["items"]
    assert [(m["email"], m["roles"], m["enrolled"]) for m in listed] == [
        (ADMIN, ["admin"], True),
        ("new@example.com", ["editor", "support"], False),
    ]
    changed = audit_rows(runtime, audit.ROLES_CHANGED)[-1]
    assert (changed.actor_email, changed.target_type, changed.target_id) == (
        ADMIN,
        "account",
        "new@example.com",
    )
    assert (changed.before, changed.after) == ({"roles": []}, {"roles": ["editor", "support"]})

    clock.advance(timedelta(minutes=5))
    same = admin.client.put(
        "/admin/api/staff/new@example.com", json={"roles": ["support", "editor"]}
    )
    assert same.status_code == 200  # nothing to change: no code asked for
    removed = admin.client.put("/admin/api/staff/new@example.com", json={"roles": []})
    assert removed.json() == REAUTH


def test_an_empty_list_removes_a_member_from_staff(
    admin: Member, runtime: Runtime, clock: FrozenClock
) -> None:
    make_account(runtime, "old@example.com", ["editor"])
    answer = admin.client.put("/admin/api/staff/old@example.com", json={"roles": []})
    assert answer.status_code == 200
    assert answer.json()["roles"] == [] and answer.json()["granted_at"] is None
    emails = [m["email"] for m in admin.client.get("/admin/api/staff").json()["items"]]
    assert emails == [ADMIN]


def test_refusals_of_a_role_change(admin: Member, runtime: Runtime) -> None:
    missing = admin.client.put("/admin/api/staff/nobody@example.com", json={"roles": ["editor"]})
    assert (missing.status_code, missing.json()) == (
        404,
        {"type": "not-found", "message": "There is no Masthead account for that email."},
    )
    own = admin.client.put(f"/admin/api/staff/{ADMIN}", json={"roles": ["editor"]})
    assert (own.status_code, own.json()["type"]) == (409, "own-admin-role")
    unknown = admin.client.put(f"/admin/api/staff/{ADMIN}", json={"roles": ["owner"]})
    assert (unknown.status_code, unknown.json()["type"]) == (400, "bad-request")
    no_body = admin.client.put(f"/admin/api/staff/{ADMIN}", json={})
    assert no_body.status_code == 400
    assert admin.client.get("/admin/api/me").json()["roles"] == ["admin"]


def test_the_last_admin_is_never_removed(
    admin: Member, runtime: Runtime, clock: FrozenClock
) -> None:
    """Through the API an admin cannot remove their own role, so another admin is always
    left; the service holds the line itself too (an acting admin whose own role went)."""
    make_account(runtime, "second@example.com", ["admin"])
    answer = admin.client.put("/admin/api/staff/second@example.com", json={"roles": ["editor"]})
    assert answer.status_code == 200
    with runtime.sessions() as db:
        second = user_by_email(db, "second@example.com")
        assert second is not None
        acting = service.SignedInStaff(
            session_id=0,
            user_id=second.id,
            email=second.email,
            display_name="",
            roles=("admin",),
            reauthenticated_until=clock.now() + timedelta(minutes=1),
            expires_at=clock.now() + timedelta(hours=1),
        )
        with pytest.raises(ApiError) as refused:
            service.set_member_roles(db, runtime, acting, ADMIN, [], "test")
        assert (refused.value.status, refused.value.type) == (409, "last-admin")


def test_the_audit_entry_is_in_the_changes_transaction(
    runtime: Runtime, clock: FrozenClock
) -> None:
    make_account(runtime, "new@example.com")
    before = len(audit_rows(runtime))
    with runtime.sessions() as db:
        user = user_by_email(db, "new@example.com")
        assert user is not None
        service.change_roles(db, clock.now(), user, ["editor"], None, "test")
        db.rollback()  # the change fails after both were written: neither stays
    assert len(audit_rows(runtime)) == before
    with runtime.sessions() as db:
        user = user_by_email(db, "new@example.com")
        assert user is not None and service.ordered_roles(db, user.id) == []


def test_the_audit_log_filters_and_pages_newest_first(
    admin: Member, runtime: Runtime, clock: FrozenClock
) -> None:
    for n in range(5):
        make_account(runtime, f"m{n}@example.com")
        admin.client.put(f"/admin/api/staff/m{n}@example.com", json={"roles": ["editor"]})
    everything = admin.client.get("/admin/api/audit").json()
    ids = [item["id"] for item in everything["items"]]
    assert ids == sorted(ids, reverse=True) and everything["next"] is None

    first = admin.client.get("/admin/api/audit", params={"action": audit.ROLES_CHANGED, "limit": 2})
    page = first.json()
    assert [i["target_id"] for i in page["items"]] == ["m4@example.com", "m3@example.com"]
    assert page["items"][0]["before"] == {"roles": []}
    assert page["items"][0]["after"] == {"roles": ["editor"]}
    assert page["items"][0]["actor_email"] == ADMIN
    seen = [i["target_id"] for i in page["items"]]
    while page["next"] is not None:
        params = {"action": audit.ROLES_CHANGED, "limit": 2, "before": page["next"]}
        page = admin.client.get("/admin/api/audit", params=params).json()
        seen += [i["target_id"] for i in page["items"]]
    # The admin's own grant came from make_account (actor null): the oldest.
    assert seen == [f"m{n}@example.com" for n in (4, 3, 2, 1, 0)] + [ADMIN]

    by_target = admin.client.get("/admin/api/audit", params={"target": "m2@example.com"}).json()
    assert [i["action"] for i in by_target["items"]] == [audit.ROLES_CHANGED]
    by_actor = admin.client.get("/admin/api/audit", params={"actor": " Admin@Example.com "}).json()
    assert {i["actor_email"] for i in by_actor["items"]} == {ADMIN}
    assert len(by_actor["items"]) == 7  # enrolled, signed in, five grants
    for params in ({"limit": 0}, {"limit": 101}, {"before": 0}, {"before": "x"}):
        bad = admin.client.get("/admin/api/audit", params=params)
        assert (bad.status_code, bad.json()["type"]) == (400, "bad-request"), params
