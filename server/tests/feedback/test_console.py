"""The staff console's feedback list: newest first, filtered, a page of 50 at a time, the
reader's page linked while the account exists; support (or admin) only, never cached."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import delete

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.feedback.models import FeedbackMessage
from masthead.identity.models import User
from tests.identity.helpers import register
from tests.staff.conftest import Member, audit_rows, console_client, staff_member

LIST = "/admin/api/feedback"
SEND = "/wp-json/nyp-membership/v1/feedback"


@pytest.fixture
def support(app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock) -> Member:
    """A support member signed in; `client` (which runs the app's lifespan) is the reader's."""
    return staff_member(app, runtime, clock, "help@example.com", ["support"])


def _write(client: TestClient, email: str, name: str, **body: Any) -> None:
    """A reader registers and writes from their account's Feedback page."""
    client.cookies.clear()
    assert register(client, email, **{"full-name": name}).status_code == 200
    answer = client.post(SEND, json={"topic": "newsletters", "message": "More sport!", **body})
    assert answer.status_code == 200, answer.text


def _listed(staff: TestClient, **params: Any) -> dict[str, Any]:
    answer = staff.get(LIST, params=params)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    body: dict[str, Any] = answer.json()
    return body


def _messages(staff: TestClient, **params: Any) -> list[str]:
    return [item["message"] for item in _listed(staff, **params)["items"]]


def _store(runtime: Runtime, count: int, **fields: Any) -> None:
    """Messages kept straight in the table, a minute apart (the reader's call is limited)."""
    with runtime.sessions.begin() as db:
        start = runtime.clock.now()
        for n in range(count):
            values = {"topic": "other", "brand": "main", "may_reply": False, **fields}
            db.add(
                FeedbackMessage(
                    account_id=None,
                    email=f"gone{n}@example.com",
                    message=f"message {n}",
                    created_at=start - timedelta(minutes=count - n),
                    **values,
                )
            )


def test_the_list_shows_each_message_with_its_reader(
    client: TestClient, support: Member, clock: FrozenClock
) -> None:
    _write(client, "ada@example.com", "Ada Lovelace", may_reply=True, message="More chess")
    clock.advance(timedelta(minutes=1))
    _write(client, "bob@example.com", "Bob Ross", topic="website", message="The app crashes")
    body = _listed(support.client)
    assert body["next"] is None
    newest, older = body["items"]
    assert newest["message"] == "The app crashes"  # newest first
    assert (newest["topic"], newest["brand"], newest["may_reply"]) == ("website", "main", False)
    assert (newest["email"], newest["reader_name"]) == ("bob@example.com", "Bob Ross")
    assert (older["email"], older["reader_name"], older["may_reply"]) == (
        "ada@example.com",
        "Ada Lovelace",
        True,
    )
    # The reader id is the one the console's reader page takes.
    page = support.client.get(f"/admin/api/readers/{older['reader_id']}")
    assert page.status_code == 200, page.text
    assert page.json()["reader"]["email"] == "ada@example.com"


def test_filters_by_topic_brand_and_words(client: TestClient, support: Member) -> None:
    _write(client, "ada@example.com", "Ada", message="Crossword is too hard")
    _write(client, "bob@example.com", "Bob", topic="membership", message="Refund me")
    staff = support.client
    assert _messages(staff, topic="membership") == ["Refund me"]
    assert _messages(staff, topic="website") == []
    assert _messages(staff, q="CROSSWORD") == ["Crossword is too hard"]
    assert _messages(staff, q="bob@EXAMPLE") == ["Refund me"]  # the address too
    assert _messages(staff, q="100%") == []  # a wildcard is a plain character
    assert _messages(staff, q="cross\x00word") == ["Crossword is too hard"]  # on either database
    assert _messages(staff, brand="gossip") == []
    assert _messages(staff, brand="main", topic="newsletters") == ["Crossword is too hard"]
    assert len(_messages(staff, q="   ")) == 2  # blank words filter nothing


def test_the_brand_is_the_site_written_from(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    _store(runtime, 1, brand="gossip")
    _store(runtime, 1, brand="lifestyle")
    assert _messages(support.client, brand="gossip") == ["message 0"]
    assert [i["brand"] for i in _listed(support.client)["items"]] == ["lifestyle", "gossip"]


def test_pages_of_fifty_walk_every_message_once(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    _store(runtime, 120)
    seen: list[str] = []
    params: dict[str, Any] = {}
    pages = 0
    while True:
        body = _listed(support.client, **params)
        seen += [item["message"] for item in body["items"]]
        pages += 1
        if body["next"] is None:
            break
        params = {"before": body["next"]["created_at"], "before_id": body["next"]["id"]}
    assert pages == 3
    assert seen == [f"message {n}" for n in reversed(range(120))]


def test_messages_at_the_same_moment_page_by_id(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    with runtime.sessions.begin() as db:
        at = runtime.clock.now()
        for n in range(51):
            db.add(
                FeedbackMessage(
                    email="a@b.c",
                    topic="other",
                    message=f"m{n}",
                    brand="main",
                    may_reply=False,
                    created_at=at,
                )
            )
    first = _listed(support.client)
    assert len(first["items"]) == 50
    rest = _listed(
        support.client, before=first["next"]["created_at"], before_id=first["next"]["id"]
    )
    assert [i["message"] for i in rest["items"]] == ["m0"]
    assert rest["next"] is None


def test_a_deleted_account_leaves_the_message_without_a_reader(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    _write(client, "ada@example.com", "Ada Lovelace")
    with runtime.sessions.begin() as db:
        db.execute(delete(User).where(User.email == "ada@example.com"))
    [item] = _listed(support.client)["items"]
    assert (item["reader_id"], item["reader_name"]) == (None, None)
    assert (item["email"], item["message"]) == ("ada@example.com", "More sport!")


def test_an_empty_list_and_bad_input(client: TestClient, support: Member) -> None:
    assert _listed(support.client) == {"items": [], "next": None}
    for params in (
        {"topic": "praise"},
        {"brand": "tabloid"},
        {"before": "yesterday"},
        {"before": "2026-01-01T00:00:00"},
        {"before_id": -1},
        {"q": "x" * 321},
    ):
        answer = support.client.get(LIST, params=params)
        assert answer.status_code == 400, (params, answer.text)
        assert answer.json()["message"]
    far = support.client.get(LIST, params={"before": "0001-01-01T00:00:00+05:00"})
    assert far.status_code == 400
    assert far.json()["message"] == (
        "That page of feedback no longer exists. Please start again from the newest."
    )


def test_only_support_reads_feedback(
    client: TestClient, support: Member, app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    """No session 401; a reader's session, and an editor, 403; an admin may; not audited."""
    _write(client, "ada@example.com", "Ada")
    assert console_client(app).get(LIST).status_code == 401
    as_reader = client.get(LIST)  # the reader's own cookie
    assert (as_reader.status_code, as_reader.json()["type"]) == (403, "forbidden")
    editor = staff_member(app, runtime, clock, "ed@example.com", ["editor"])
    assert editor.client.get(LIST).json() == {
        "type": "forbidden",
        "message": "Your account does not have the support role.",
    }
    admin = staff_member(app, runtime, clock, "boss@example.com", ["admin"])
    assert _messages(admin.client) == ["More sport!"]
    assert [r.action for r in audit_rows(runtime) if "feedback" in r.action] == []
