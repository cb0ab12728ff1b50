"""Single sign-on into the comments (spec section 7): start -> the page's codeB -> complete,
then GET /comments/v1/me knows the commenter; every code works once, in its own browser, for
a signed-in reader; logging out of the comments or of Masthead ends the comments session."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.comments.writing_helpers import (
    COMPLETE,
    LOGOUT,
    SSO,
    START,
    browser,
    code_a,
    code_b,
    comments_sign_in,
    masthead_sign_in,
    me,
    post,
    refusal,
)
from tests.site.stories import seed

SIGN_IN = "Log in to join the conversation."
INVALID = (
    "This sign-in attempt has expired or was already used. Please reload the page and try again."
)


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def test_the_whole_hand_over_signs_the_reader_in_to_the_comments(client: TestClient) -> None:
    masthead_sign_in(client, "ada@example.com", **{"full-name": "Ada Lovelace"})
    before = me(client)
    assert before["signed_in"] is True
    assert before["commenter"] is None
    assert (before["may_comment"], before["refusal"]) == (False, SIGN_IN)

    started = client.post(START)
    assert started.status_code == 200
    assert "mh_comments_sso=" in started.headers["set-cookie"]
    assert "Path=/comments/v1/sso" in started.headers["set-cookie"]
    assert "HttpOnly" in started.headers["set-cookie"]
    exchanged = client.post(SSO, json={"code_a": started.json()["code_a"], "user_name": "Ada"})
    assert exchanged.status_code == 200, exchanged.text
    completed = client.post(COMPLETE, json={"codeB": exchanged.json()["codeB"]})
    assert completed.status_code == 200, completed.text
    assert completed.json()["commenter"]["display_name"] == "Ada L."
    cookies = completed.headers.get_list("set-cookie")
    assert any(c.startswith("mh_comments=") and "Path=/comments/v1" in c for c in cookies)
    assert any(c.startswith("mh_comments_sso=") and "Max-Age=0" in c for c in cookies)

    after = me(client)
    assert after["commenter"] == completed.json()["commenter"]
    assert (after["may_comment"], after["refusal"]) == (True, None)


def test_signed_out_the_reader_reads_only(client: TestClient) -> None:
    state = me(client)
    assert state == {
        "signed_in": False,
        "commenter": None,
        "may_comment": False,
        "refusal": SIGN_IN,
        "opinions": {},
        "own": [],
        "pending": [],
        "followed": [],
        "unread_notifications": 0,
    }
    code = code_a(client)
    answer = client.post(SSO, json={"code_a": code, "user_name": "Ada"})
    assert refusal(answer, 401, "not-signed-in") == SIGN_IN
    assert refusal(post(client, "Hello"), 401, "comments-sign-in-required") == SIGN_IN


def test_an_unknown_used_or_expired_code_a_is_refused(
    client: TestClient, clock: FrozenClock
) -> None:
    masthead_sign_in(client, "ada@example.com")
    unknown = client.post(SSO, json={"code_a": "not-a-code", "user_name": "Ada"})
    assert refusal(unknown, 400, "invalid-code") == INVALID

    used = code_a(client)
    code_b(client, used)
    again = client.post(SSO, json={"code_a": used, "user_name": "Ada"})
    assert refusal(again, 400, "invalid-code") == INVALID

    late = code_a(client)
    clock.at += timedelta(minutes=5, seconds=1)
    expired = client.post(SSO, json={"code_a": late, "user_name": "Ada"})
    assert refusal(expired, 400, "invalid-code") == INVALID


@pytest.mark.parametrize("user_name", ["", "x" * 101])
def test_a_missing_or_overlong_user_name_is_a_bad_request(
    client: TestClient, user_name: str
) -> None:
    masthead_sign_in(client, "ada@example.com")
    answer = client.post(SSO, json={"code_a": code_a(client), "user_name": user_name})
    assert answer.status_code == 400
    assert answer.json()["type"] == "bad-request"
    missing = client.post(SSO, json={"code_a": code_a(client)})
    assert missing.json()["type"] == "bad-request"


def test_code_b_works_once_in_its_own_browser_and_not_when_expired(
    app: FastAPI, client: TestClient, clock: FrozenClock
) -> None:
    masthead_sign_in(client, "ada@example.com")
    stolen = code_b(client, code_a(client))
    elsewhere = browser(app)
    code_a(elsewhere)  # a binding cookie of its own
    answer = elsewhere.post(COMPLETE, json={"codeB": stolen})
    assert refusal(answer, 400, "invalid-code") == INVALID
    bare = browser(app).post(COMPLETE, json={"codeB": stolen})  # no binding cookie at all
    assert refusal(bare, 400, "invalid-code") == INVALID
    assert me(elsewhere)["commenter"] is None

    assert client.post(COMPLETE, json={"codeB": stolen}).status_code == 200
    reused = client.post(COMPLETE, json={"codeB": stolen})
    assert refusal(reused, 400, "invalid-code") == INVALID
    unknown = client.post(COMPLETE, json={"codeB": "not-a-code"})
    assert refusal(unknown, 400, "invalid-code") == INVALID

    late = code_b(client, code_a(client))
    clock.at += timedelta(minutes=6)
    expired = client.post(COMPLETE, json={"codeB": late})
    assert refusal(expired, 400, "invalid-code") == INVALID


def test_the_comments_logout_ends_the_comments_session_only(client: TestClient) -> None:
    masthead_sign_in(client, "ada@example.com")
    comments_sign_in(client)
    answer = client.post(LOGOUT)
    assert answer.status_code == 200
    assert answer.json() == {"message": "Signed out of comments."}
    state = me(client)
    assert (state["signed_in"], state["commenter"]) == (True, None)
    assert client.post(LOGOUT).status_code == 200  # again: the same answer


def test_the_comments_session_outlives_no_forgotten_cookie(client: TestClient) -> None:
    """The cookie of an ended session, sent again, is refused: the server ended it."""
    masthead_sign_in(client, "ada@example.com")
    comments_sign_in(client)
    token = client.cookies.get("mh_comments")
    assert token
    client.post(LOGOUT)
    client.cookies.set("mh_comments", token, path="/comments/v1")
    assert me(client)["commenter"] is None


def test_logging_out_of_masthead_logs_out_of_the_comments(client: TestClient) -> None:
    masthead_sign_in(client, "ada@example.com")
    comments_sign_in(client)
    token = client.cookies.get("mh_comments")
    assert client.post("/blaize/logout").status_code == 200
    client.cookies.set("mh_comments", token or "", path="/comments/v1")  # kept by the browser
    state = me(client)
    assert (state["signed_in"], state["commenter"]) == (False, None)
    assert refusal(post(client, "Still here?"), 401, "comments-sign-in-required") == SIGN_IN


def test_a_code_b_whose_masthead_session_ended_is_refused(client: TestClient) -> None:
    masthead_sign_in(client, "ada@example.com")
    code = code_b(client, code_a(client))
    client.post("/blaize/logout")
    answer = client.post(COMPLETE, json={"codeB": code})
    assert refusal(answer, 400, "invalid-code") == INVALID


def test_sign_on_is_limited_per_address(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.comment_sign_ons_per_address = 2
    assert client.post(START).status_code == 200
    assert client.post(START).status_code == 200
    answer = client.post(START)
    assert answer.status_code == 429
    assert answer.json()["type"] == "too-many-requests"


def test_a_comments_cookie_from_another_site_cannot_change_anything(client: TestClient) -> None:
    masthead_sign_in(client, "ada@example.com")
    comments_sign_in(client)
    client.cookies.delete("zephrSessionId")  # only the comments session rides along
    for answer in (
        client.post(LOGOUT, headers={"Origin": "https://evil.example"}),
        client.post(
            "/comments/v1/messages",
            json={"spot_id": "sp_MhMain01", "post_id": 3101, "body": "Hello"},
            headers={"Origin": "https://evil.example"},
        ),
    ):
        assert answer.status_code == 403
        assert answer.json()["type"] == "cross-origin-refused"
    assert me(client)["commenter"] is not None  # the session was not ended
