"""Staff sessions: 8 hours at most, 30 idle minutes, signed out for good, ended by a password
change, and roles read on every request; the 401 and 403 of the console's API."""

from __future__ import annotations

from datetime import timedelta

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.staff import audit
from masthead.staff.models import StaffSession
from tests.identity.helpers import login
from tests.staff.conftest import PASSWORD, audit_rows, make_account, password_step, staff_member

EDITOR = "editor@example.com"
SIGN_IN = {"type": "unauthorized", "message": "Please sign in to the staff console."}
NO_ROLE = {"type": "forbidden", "message": "This account has no staff role."}


def _last_seen(runtime: Runtime) -> list[object]:
    with runtime.sessions() as db:
        return [s.last_seen_at for s in db.scalars(select(StaffSession))]


def test_without_a_staff_session_the_api_answers_401(console: TestClient) -> None:
    for path in ("/admin/api/me", "/admin/api/staff", "/admin/api/audit"):
        answer = console.get(path)
        assert (answer.status_code, answer.json()) == (401, SIGN_IN), path
    confirm = console.post("/admin/api/session/confirm", json={"code": "123456"})
    assert (confirm.status_code, confirm.json()) == (401, SIGN_IN)
    put = console.put("/admin/api/staff/a@example.com", json={"roles": []})
    assert (put.status_code, put.json()) == (401, SIGN_IN)


def test_a_reader_cookie_without_a_staff_role_gets_403_and_with_one_401(
    console: TestClient, runtime: Runtime
) -> None:
    make_account(runtime, "reader@example.com")
    make_account(runtime, EDITOR, ["editor"])
    assert login(console, "reader@example.com", PASSWORD).status_code == 200
    for path in ("/admin/api/me", "/admin/api/staff", "/admin/api/audit"):
        answer = console.get(path)
        assert (answer.status_code, answer.json()) == (403, NO_ROLE), path
    assert login(console, EDITOR, PASSWORD).status_code == 200
    assert console.get("/admin/api/me").json() == SIGN_IN  # a role, but no staff sign-in
    assert console.get("/admin/api/staff").json() == {
        "type": "forbidden",
        "message": "Your account does not have the admin role.",
    }


def test_a_session_ends_after_30_idle_minutes(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    signed_in_at = clock.now()
    clock.advance(timedelta(seconds=59))
    assert member.client.get("/admin/api/me").status_code == 200
    assert _last_seen(runtime) == [signed_in_at]  # written at most once a minute
    clock.advance(timedelta(seconds=2))
    assert member.client.get("/admin/api/me").status_code == 200
    assert _last_seen(runtime) == [clock.now()]
    clock.advance(timedelta(minutes=29, seconds=59))
    assert member.client.get("/admin/api/me").status_code == 200  # kept alive by use
    clock.advance(timedelta(minutes=30))
    answer = member.client.get("/admin/api/me")
    assert (answer.status_code, answer.json()) == (401, SIGN_IN)


def test_a_session_ends_8_hours_after_sign_in_however_busy(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    ends = member.client.get("/admin/api/me").json()["session_expires_at"]
    assert ends == (clock.now() + timedelta(hours=8)).isoformat().replace("+00:00", "Z")
    for _ in range(8 * 3 - 1):
        clock.advance(timedelta(minutes=20))
        assert member.client.get("/admin/api/me").status_code == 200
    clock.advance(timedelta(minutes=20))
    assert member.client.get("/admin/api/me").status_code == 401


def test_sign_out_ends_the_session_for_good(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    token = member.client.cookies.get("masthead_staff")
    answer = member.client.delete("/admin/api/session")
    assert answer.status_code == 204
    assert 'masthead_staff=""' in answer.headers["set-cookie"]
    assert member.client.get("/admin/api/me").status_code == 401
    member.client.cookies.set("masthead_staff", token or "", path="/admin")  # a copy kept
    assert member.client.get("/admin/api/me").status_code == 401
    assert member.client.delete("/admin/api/session").status_code == 204  # again: no error
    signed_out = audit_rows(runtime, audit.SIGNED_OUT)
    assert [(r.actor_email, r.target_id) for r in signed_out] == [(EDITOR, EDITOR)]


def test_a_password_change_ends_the_staff_session(
    app: FastAPI, console: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    assert login(console, EDITOR, PASSWORD).status_code == 200
    changed = console.post(
        "/blaize/users/change-password/",
        json={
            "current_validators": {"password": PASSWORD},
            "new_validators": {"password": "Another-Horse-2"},
        },
    )
    assert changed.status_code == 200, changed.text
    assert member.client.get("/admin/api/me").json() == SIGN_IN


def test_a_revoked_role_ends_its_rights_at_once(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    admin = staff_member(app, runtime, clock, "admin@example.com", ["admin"])
    editor = staff_member(app, runtime, clock, EDITOR, ["editor", "support"])
    assert editor.client.get("/admin/api/me").json()["roles"] == ["editor", "support"]
    admin.client.post("/admin/api/session/confirm", json={"code": admin.code()})
    put = admin.client.put(f"/admin/api/staff/{EDITOR}", json={"roles": ["support"]})
    assert put.status_code == 200, put.text
    assert editor.client.get("/admin/api/me").json()["roles"] == ["support"]
    admin.client.put(f"/admin/api/staff/{EDITOR}", json={"roles": []})
    assert editor.client.get("/admin/api/me").json() == NO_ROLE


def test_cookies_are_secure_under_https(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.public_url = "https://masthead.example"
    runtime.settings.__dict__.pop("secure_cookies", None)  # a cached property
    runtime.settings.__dict__.pop("public_origin", None)
    make_account(runtime, EDITOR, ["editor"])
    secure = TestClient(
        app, base_url="https://masthead.example", headers={"Origin": "https://masthead.example"}
    )
    answer = password_step(secure, EDITOR)
    assert answer.status_code == 200, answer.text
    assert "Secure" in answer.headers["set-cookie"]
