"""Staff sign-in: the password step, enrolment, the code step (TOTP or recovery code), the
pending sign-in's expiry and burn, and the rate limits."""

from __future__ import annotations

from datetime import timedelta

import pyotp
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.staff import audit
from masthead.staff.cookies import PENDING_COOKIE, STAFF_COOKIE
from tests.identity.helpers import login
from tests.staff.conftest import (
    PASSWORD,
    audit_rows,
    console_client,
    make_account,
    password_step,
    staff_member,
)

EDITOR = "editor@example.com"
INVALID_CODE = {
    "type": "invalid-code",
    "message": "That code is not right. Try the newest code from your app.",
}


def _cookie_header(answer: object, name: str) -> str:
    headers = answer.headers.get_list("set-cookie")  # type: ignore[attr-defined]
    return next(h for h in headers if h.startswith(f"{name}="))


def test_the_password_step_starts_a_pending_sign_in(console: TestClient, runtime: Runtime) -> None:
    make_account(runtime, EDITOR, ["editor"])
    answer = password_step(console, EDITOR.upper())  # the email as typed
    assert answer.status_code == 200
    assert answer.json() == {"next": "enrol"}
    cookie = _cookie_header(answer, PENDING_COOKIE)
    for part in ("HttpOnly", "Max-Age=600", "Path=/admin/api/session", "SameSite=strict"):
        assert part in cookie
    assert "Secure" not in cookie  # http://testserver
    assert answer.headers["cache-control"] == "private, no-store"


def test_a_wrong_password_or_a_stranger_is_refused_alike_and_audited(
    console: TestClient, runtime: Runtime
) -> None:
    make_account(runtime, EDITOR, ["editor"])
    wrong = password_step(console, EDITOR, "Wrong-Password-1")
    stranger = password_step(console, "nobody@example.com")
    for answer in (wrong, stranger):
        assert answer.status_code == 401
        assert answer.json() == {
            "type": "invalid-credentials",
            "message": "The email or password is wrong.",
        }
        assert PENDING_COOKIE not in answer.headers.get("set-cookie", "")
    rows = audit_rows(runtime, audit.SIGN_IN_FAILED)
    assert [(r.actor_email, r.target_id, r.after) for r in rows] == [
        (None, EDITOR, {"reason": "wrong-password"}),
        (None, "nobody@example.com", {"reason": "wrong-password"}),
    ]
    assert rows[0].address == "testclient"


def test_an_account_without_a_role_hears_so_only_with_the_right_password(
    console: TestClient, runtime: Runtime
) -> None:
    make_account(runtime, "reader@example.com")
    assert password_step(console, "reader@example.com", "Wrong-Password-1").status_code == 401
    answer = password_step(console, "reader@example.com")
    assert answer.status_code == 403
    assert answer.json() == {"type": "forbidden", "message": "This account has no staff role."}


def test_the_password_step_shares_the_reader_logins_limits(
    app: FastAPI, console: TestClient, runtime: Runtime
) -> None:
    runtime.settings.rate_limit_per_account = 3
    make_account(runtime, EDITOR, ["editor"])
    assert login(console, EDITOR, "Wrong-Password-1").status_code == 401
    assert login(console, EDITOR, "Wrong-Password-1").status_code == 401
    assert password_step(console, EDITOR).status_code == 200
    refused = password_step(console, EDITOR)
    assert refused.status_code == 429
    assert refused.json()["type"] == "too-many-requests"
    assert login(console, EDITOR, PASSWORD).status_code == 429  # the same counter


def test_enrolment_shows_one_secret_until_the_first_code_completes_it(
    app: FastAPI, console: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    make_account(runtime, EDITOR, ["editor"])
    assert console.get("/admin/api/session/enrolment").status_code == 401  # no pending yet
    password_step(console, EDITOR)
    first = console.get("/admin/api/session/enrolment")
    assert first.status_code == 200
    assert first.headers["cache-control"] == "no-store"
    shown = first.json()
    secret = shown["secret"]
    assert shown["otpauth_uri"] == pyotp.TOTP(secret).provisioning_uri(
        name=EDITOR, issuer_name="Masthead"
    )
    assert shown["qr_svg"].startswith("<svg xmlns=")
    password_step(console, EDITOR)  # a second sign-in before completing: the same secret
    assert console.get("/admin/api/session/enrolment").json()["secret"] == secret

    assert console.post("/admin/api/session/code", json={"code": "123456"}).json() == {
        "type": "not-enrolled",
        "message": "Two-step sign-in is not set up for this account yet. Set it up first.",
    }
    wrong = console.post("/admin/api/session/enrolment", json={"code": "000000"})
    assert (wrong.status_code, wrong.json()) == (400, INVALID_CODE)
    code = pyotp.TOTP(secret).at(clock.now())
    done = console.post("/admin/api/session/enrolment", json={"code": code})
    assert done.status_code == 200
    codes = done.json()["recovery_codes"]
    assert len(set(codes)) == 10
    cookie = _cookie_header(done, STAFF_COOKIE)
    for part in ("HttpOnly", "Max-Age=28800", "Path=/admin", "SameSite=strict"):
        assert part in cookie
    assert f'{PENDING_COOKIE}=""' in done.headers["set-cookie"]  # the pending one is cleared
    assert console.get("/admin/api/me").json()["email"] == EDITOR
    assert [r.action for r in audit_rows(runtime)][-3:] == [
        audit.SIGN_IN_FAILED,
        audit.ENROLLED,
        audit.SIGNED_IN,
    ]

    again = console_client(app)
    assert password_step(again, EDITOR).json() == {"next": "code"}
    assert again.get("/admin/api/session/enrolment").json()["type"] == "already-enrolled"


def test_a_code_signs_in_once_and_a_replayed_code_is_refused(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    browser = console_client(app)
    password_step(browser, EDITOR)
    code = pyotp.TOTP(member.secret).at(clock.now())  # the step enrolment used
    assert browser.post("/admin/api/session/code", json={"code": code}).json() == INVALID_CODE
    fresh = member.code()
    answer = browser.post("/admin/api/session/code", json={"code": f"{fresh[:3]} {fresh[3:]}"})
    assert answer.status_code == 200, answer.text
    me = answer.json()["me"]
    assert me["email"] == EDITOR and me["roles"] == ["editor"]
    assert me["display_name"] == "Test Person"
    assert me["reauthenticated_until"] == (clock.now() + timedelta(minutes=5)).isoformat().replace(
        "+00:00", "Z"
    )
    me_again = browser.get("/admin/api/me")
    assert me_again.status_code == 200
    assert me_again.headers["cache-control"] == "private, no-store"  # a staff cookie rode along
    assert audit_rows(runtime)[-1].after == {"method": "totp"}

    other = console_client(app)
    password_step(other, EDITOR)
    replayed = other.post("/admin/api/session/code", json={"code": fresh})
    assert replayed.json() == INVALID_CODE  # the same code, in its window still, is used up


def test_a_recovery_code_signs_in_once(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    recovery = member.recovery_codes[3]
    browser = console_client(app)
    password_step(browser, EDITOR)
    typed = recovery.upper().replace("-", " ")
    assert browser.post("/admin/api/session/code", json={"code": typed}).status_code == 200
    used = audit_rows(runtime, audit.RECOVERY_CODE_USED)
    assert [(r.actor_email, r.after) for r in used] == [(EDITOR, {"recovery_codes_left": 9})]
    assert audit_rows(runtime)[-1].after == {"method": "recovery-code"}

    again = console_client(app)
    password_step(again, EDITOR)
    assert again.post("/admin/api/session/code", json={"code": recovery}).json() == INVALID_CODE
    other_members_code = "abcd-efgh-ijkm"
    assert again.post("/admin/api/session/code", json={"code": other_members_code}).json() == (
        INVALID_CODE
    )


def test_the_fifth_wrong_code_ends_the_pending_sign_in(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    browser = console_client(app)
    password_step(browser, EDITOR)
    for _ in range(4):
        assert browser.post("/admin/api/session/code", json={"code": "000000"}).status_code == 400
    fifth = browser.post("/admin/api/session/code", json={"code": "000000"})
    burned = {
        "type": "sign-in-expired",
        "message": "A wrong code was entered too many times. Please enter your email and "
        "password again.",
    }
    assert (fifth.status_code, fifth.json()) == (401, burned)
    right = browser.post("/admin/api/session/code", json={"code": member.code()})
    assert (right.status_code, right.json()) == (401, burned)  # even a right code now
    failures = audit_rows(runtime, audit.SIGN_IN_FAILED)
    assert [r.after for r in failures] == [{"reason": "wrong-code"}] * 5  # kept, though refused
    password_step(browser, EDITOR)  # a new sign-in starts afresh
    assert browser.post("/admin/api/session/code", json={"code": member.code()}).status_code == 200


def test_a_pending_sign_in_lasts_ten_minutes(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    browser = console_client(app)
    password_step(browser, EDITOR)
    clock.advance(timedelta(minutes=10))
    expired = browser.post("/admin/api/session/code", json={"code": member.code(0)})
    assert expired.status_code == 401
    assert expired.json() == {
        "type": "sign-in-expired",
        "message": "This sign-in has expired. Please enter your email and password again.",
    }
    no_cookie = console_client(app).post("/admin/api/session/code", json={"code": "123456"})
    assert no_cookie.json()["type"] == "sign-in-expired"


def test_code_attempts_are_limited_per_address_across_sign_ins(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, EDITOR, ["editor"])
    runtime.settings.rate_limit_per_address = 3
    browser = console_client(app)
    password_step(browser, EDITOR)
    assert browser.post("/admin/api/session/code", json={"code": "000000"}).status_code == 400
    assert browser.post("/admin/api/session/code", json={"code": "000000"}).status_code == 400
    password_step(browser, EDITOR)  # a new pending sign-in buys no more attempts
    assert browser.post("/admin/api/session/code", json={"code": "000000"}).status_code == 400
    refused = browser.post("/admin/api/session/code", json={"code": member.code()})
    assert refused.status_code == 429
    assert refused.json()["type"] == "too-many-requests"


def test_a_code_that_is_no_code_gets_a_clear_400(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    staff_member(app, runtime, clock, EDITOR, ["editor"])
    browser = console_client(app)
    password_step(browser, EDITOR)
    for body in ({"code": ""}, {"code": "x" * 33}, {}, {"code": 123456}):
        answer = browser.post("/admin/api/session/code", json=body)
        assert answer.status_code == 400, body
        assert answer.json()["type"] == "bad-request"
    assert browser.post("/admin/api/session/code", json={"code": "hello"}).json() == INVALID_CODE
