"""The moderators' queue (/admin/api/comments): moderators only; pending comments oldest first
with why they wait, reported ones most reports first with each report; every decision changes
what readers see and is in the audit log."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.comments.models import PENDING, REJECTED
from masthead.deps import Runtime
from tests.comments.console_helpers import (
    JETS,
    QUEUE,
    RALLY,
    count,
    queue,
    reader,
    report,
    thread_bodies,
    write,
)
from tests.site.stories import seed
from tests.staff.conftest import Member, audit_rows, console, staff_member

__all__ = ["console"]

ALL_ROUTES: list[tuple[str, str, Any]] = [
    ("GET", QUEUE, None),
    ("POST", f"{QUEUE}/1/approve", None),
    ("POST", f"{QUEUE}/1/reject", None),
    ("POST", f"{QUEUE}/1/feature", None),
    ("POST", f"{QUEUE}/1/unfeature", None),
    ("POST", f"{QUEUE}/1/dismiss-reports", None),
    ("GET", f"{QUEUE}/bans", None),
    ("POST", f"{QUEUE}/bans", {"user_id": 1, "reason": "Spam", "days": None}),
    ("DELETE", f"{QUEUE}/bans/1", None),
    ("GET", f"{QUEUE}/settings", None),
    (
        "PUT",
        f"{QUEUE}/settings",
        {
            "sites": [
                {"spot_id": "sp_MhMain01", "who_may_comment": "nobody", "premoderation": "all"}
            ]
        },
    ),
    ("GET", "/admin/api/word-lists", None),
    ("POST", "/admin/api/word-lists/banned", {"word": "dingbat"}),
    ("DELETE", "/admin/api/word-lists/banned/dingbat", None),
]


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


@pytest.fixture
def moderator(app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock) -> Member:
    """A moderator, signed in; `client` (which runs the app's lifespan) stays a reader's."""
    return staff_member(app, runtime, clock, "mod@example.com", ["moderator"])


def test_without_a_staff_session_every_route_is_401(console: TestClient) -> None:
    for method, path, body in ALL_ROUTES:
        answer = console.request(method, path, json=body)
        assert answer.status_code == 401, (method, path, answer.text)
        assert answer.json()["type"] == "unauthorized"


def test_staff_without_the_moderator_role_are_refused_every_route(
    app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    pending = write(runtime, "Hold me.", status=PENDING)
    editor = staff_member(app, runtime, clock, "editor@example.com", ["editor", "support"])
    refused = {"type": "forbidden", "message": "Your account does not have the moderator role."}
    for method, path, body in ALL_ROUTES:
        answer = editor.client.request(method, path.replace("/1/", f"/{pending}/"), json=body)
        assert (answer.status_code, answer.json()) == (403, refused), (method, path)
    assert "Hold me." not in thread_bodies(client)
    assert audit_rows(runtime, "comments.approved") == []


def test_an_admin_moderates_too(
    app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    write(runtime, "Hold me.", status=PENDING)
    admin = staff_member(app, runtime, clock, "boss@example.com", ["admin"])
    assert [item["body"] for item in queue(admin.client)["items"]] == ["Hold me."]


def test_the_pending_queue_is_oldest_first_with_story_author_and_context(
    client: TestClient, runtime: Runtime, moderator: Member
) -> None:
    jane = reader(runtime, "jane@example.com", "Jane Roe")
    parent = write(runtime, "  The goalie   kept them in it.\n" + "x" * 300, minutes=1)
    later = write(
        runtime, "<b>Later</b>", minutes=5, status=PENDING, author=jane, held_reason="link"
    )
    earlier = write(
        runtime,
        "Earlier",
        minutes=3,
        status=PENDING,
        author=jane,
        parent=parent,
        held_reason="first-comment",
    )
    write(runtime, "Published, not waiting", minutes=4)
    items = queue(moderator.client)["items"]
    assert [item["id"] for item in items] == [earlier, later]
    first = items[0]
    assert first["held_reason"] == "first-comment"
    assert first["status"] == "pending"
    assert first["author"] == {
        "user_id": jane,
        "display_name": "Jane Roe",
        "email": "jane@example.com",
        "banned": False,
    }
    assert first["story"]["post_id"] == RALLY
    assert first["story"]["title"]
    assert first["story"]["url"].startswith("/20") and first["story"]["url"].endswith("/")
    assert first["parent_excerpt"].startswith("The goalie kept them in it. xxx")
    assert len(first["parent_excerpt"]) == 200
    assert items[1]["body"] == "<b>Later</b>"  # as written: the console shows it as text
    assert items[1]["parent_excerpt"] is None


def test_the_queue_pages_with_its_cursor_and_filters_by_site(
    runtime: Runtime, moderator: Member
) -> None:
    ids = [write(runtime, f"Comment {n}", minutes=n, status=PENDING) for n in range(27)]
    first = queue(moderator.client)
    assert [item["id"] for item in first["items"]] == ids[:25]
    second = queue(moderator.client, cursor=first["next_cursor"])
    assert [item["id"] for item in second["items"]] == ids[25:]
    assert second["next_cursor"] is None
    assert queue(moderator.client, spot_id="sp_MhGossip1")["items"] == []
    newest = queue(moderator.client, "all")
    assert newest["items"][0]["id"] == ids[-1]
    wrong = moderator.client.get(
        QUEUE, params={"queue": "reported", "cursor": first["next_cursor"]}
    )
    assert wrong.status_code == 400
    assert wrong.json()["type"] == "bad-request"
    assert "next_cursor" in wrong.json()["message"]


def test_the_reported_queue_is_most_reports_first_with_each_report(
    runtime: Runtime, moderator: Member
) -> None:
    readers = [reader(runtime, f"r{n}@example.com") for n in range(3)]
    once = write(runtime, "Reported once", minutes=1)
    twice = write(runtime, "Reported twice", minutes=2)
    write(runtime, "Never reported", minutes=3)
    report(runtime, once, readers[0], "spam")
    report(runtime, twice, readers[1], "abuse", "Name-calling")
    report(runtime, twice, readers[2], "harassment")
    items = queue(moderator.client, "reported")["items"]
    assert [item["id"] for item in items] == [twice, once]
    assert items[0]["open_reports"] == 2
    assert [(r["reason"], r["note"]) for r in items[0]["reports"]] == [
        ("harassment", ""),
        ("abuse", "Name-calling"),
    ]


def test_approving_publishes_the_comment_for_readers_and_is_audited(
    client: TestClient, runtime: Runtime, moderator: Member
) -> None:
    pending = write(runtime, "Waiting for a moderator.", status=PENDING, held_reason="all")
    before = count(client)
    assert "Waiting for a moderator." not in thread_bodies(client)
    answer = moderator.client.post(f"{QUEUE}/{pending}/approve")
    assert answer.status_code == 200, answer.text
    assert answer.json()["comment"]["status"] == "published"
    assert answer.json()["message"] == "Approved: it is published."
    assert "Waiting for a moderator." in thread_bodies(client)
    assert count(client) == before + 1
    assert queue(moderator.client)["items"] == []
    [entry] = audit_rows(runtime, "comments.approved")
    assert (entry.actor_email, entry.target_type, entry.target_id) == (
        "mod@example.com",
        "comment",
        str(pending),
    )
    assert entry.before is not None and entry.before["status"] == "pending"
    assert entry.after is not None and entry.after["status"] == "published"
    again = moderator.client.post(f"{QUEUE}/{pending}/approve")
    assert again.status_code == 409
    assert again.json()["type"] == "not-pending"


def test_rejecting_takes_a_reported_comment_off_the_thread_and_settles_its_reports(
    client: TestClient, runtime: Runtime, moderator: Member
) -> None:
    someone = reader(runtime, "someone@example.com")
    rude = write(runtime, "Something rude.")
    report(runtime, rude, someone, "abuse")
    before = count(client)
    answer = moderator.client.post(f"{QUEUE}/{rude}/reject")
    assert answer.status_code == 200, answer.text
    assert answer.json()["comment"]["status"] == REJECTED
    assert answer.json()["comment"]["open_reports"] == 0
    assert "Something rude." not in thread_bodies(client)
    assert count(client) == before - 1
    assert queue(moderator.client, "reported")["items"] == []
    assert len(audit_rows(runtime, "comments.rejected")) == 1
    assert moderator.client.post(f"{QUEUE}/{rude}/reject").json()["type"] == "already-rejected"
    # A rejected comment is not pending, and cannot be featured.
    assert moderator.client.post(f"{QUEUE}/{rude}/approve").status_code == 409
    assert moderator.client.post(f"{QUEUE}/{rude}/feature").json()["type"] == "not-published"


def test_dismissing_reports_keeps_the_comment_published(
    client: TestClient, runtime: Runtime, moderator: Member
) -> None:
    someone = reader(runtime, "someone@example.com")
    fine = write(runtime, "A fair point.", post_id=JETS)
    report(runtime, fine, someone, "misinformation", "Wrong score")
    answer = moderator.client.post(f"{QUEUE}/{fine}/dismiss-reports")
    assert answer.status_code == 200, answer.text
    assert answer.json()["comment"]["status"] == "published"
    assert "A fair point." in thread_bodies(client, JETS)
    assert queue(moderator.client, "reported")["items"] == []
    [entry] = audit_rows(runtime, "comments.reports_dismissed")
    assert entry.before is not None and entry.before["open_reports"] == 1
    again = moderator.client.post(f"{QUEUE}/{fine}/dismiss-reports")
    assert (again.status_code, again.json()["type"]) == (409, "no-open-reports")


def test_featuring_and_unfeaturing_are_audited_once_each(
    runtime: Runtime, moderator: Member
) -> None:
    good = write(runtime, "A thoughtful comment.")
    for _ in range(2):  # the second changes nothing
        answer = moderator.client.post(f"{QUEUE}/{good}/feature")
        assert answer.status_code == 200, answer.text
        assert answer.json()["comment"]["featured"] is True
    assert len(audit_rows(runtime, "comments.featured")) == 1
    answer = moderator.client.post(f"{QUEUE}/{good}/unfeature")
    assert answer.json()["comment"]["featured"] is False
    assert len(audit_rows(runtime, "comments.unfeatured")) == 1
    pending = write(runtime, "Not yet out.", status=PENDING)
    assert moderator.client.post(f"{QUEUE}/{pending}/feature").status_code == 409


def test_an_unknown_comment_is_a_404(moderator: Member) -> None:
    for action in ("approve", "reject", "feature", "unfeature", "dismiss-reports"):
        answer = moderator.client.post(f"{QUEUE}/999999/{action}")
        assert answer.status_code == 404, action
        assert answer.json() == {
            "type": "comment-not-found",
            "message": "There is no comment with this id.",
        }
