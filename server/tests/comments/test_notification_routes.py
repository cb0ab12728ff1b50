"""GET /comments/v1/notifications, POST .../notifications/read and following a comment's
author: a commenter's calls, refused without a comments session, never cached."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.comments.notification_helpers import (
    RALLY_TITLE,
    heart,
    kinds,
    publish,
    reader,
    sign_in_to_comments,
    subjects,
    wants_all,
)
from tests.site.stories import seed

NOTIFICATIONS = "/comments/v1/notifications"
READ = "/comments/v1/notifications/read"
JANE, ANN, BOB = "jane@example.com", "ann@example.com", "bob@example.com"
SIGN_IN = {"type": "comments-sign-in-required", "message": "Log in to join the conversation."}


def follow(comment_id: int) -> str:
    return f"/comments/v1/messages/{comment_id}/follow-author"


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def test_the_list_names_who_did_what_on_which_story_newest_first(
    runtime: Runtime, client: TestClient
) -> None:
    jane = wants_all(runtime, JANE, **{"display-name": "Jane"})
    ann = reader(runtime, ANN, **{"first-name": "Ann", "last-name": "Lee"})
    first = publish(runtime, jane, "Hi.")
    heart(runtime, first, ann)
    publish(runtime, ann, "Hello @Jane, see above", parent=first)
    publish(runtime, ann, "And hello again, @jane")
    sign_in_to_comments(runtime, client, jane)

    answer = client.get(NOTIFICATIONS)

    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    body = answer.json()
    assert body["unread"] == 3
    listed = body["notifications"]
    assert [item["text"] for item in listed] == [
        f"Ann L. mentioned you in a comment on “{RALLY_TITLE}”",
        f"Ann L. replied to your comment on “{RALLY_TITLE}”",
        f"Ann L. liked your comment on “{RALLY_TITLE}”",
    ]
    assert [item["kind"] for item in listed] == ["mention", "reply", "like"]
    assert listed[2]["comment_id"] == first
    assert all(item["read"] is False for item in listed)
    url = listed[0]["post_url"]
    assert url.startswith("http://testserver/2026/") and url.endswith("/#comments")


def test_reading_marks_every_notification_read(runtime: Runtime, client: TestClient) -> None:
    jane = wants_all(runtime, JANE)
    ann = reader(runtime, ANN)
    first = publish(runtime, jane)
    heart(runtime, first, ann)
    publish(runtime, ann, parent=first)
    sign_in_to_comments(runtime, client, jane)

    answer = client.post(READ)

    assert answer.status_code == 204, answer.text
    after = client.get(NOTIFICATIONS).json()
    assert after["unread"] == 0
    assert [item["read"] for item in after["notifications"]] == [True, True]
    publish(runtime, ann, "Once more", parent=first)
    assert client.get(NOTIFICATIONS).json()["unread"] == 1


def test_a_reader_sees_only_their_own(runtime: Runtime, client: TestClient) -> None:
    jane = wants_all(runtime, JANE)
    ann = wants_all(runtime, ANN)
    publish(runtime, ann, parent=publish(runtime, jane))
    sign_in_to_comments(runtime, client, ann)
    client.post(READ)  # Ann's reading leaves Jane's unread
    assert client.get(NOTIFICATIONS).json() == {"unread": 0, "notifications": []}
    assert kinds(runtime, jane) == [("reply", ann)]
    client.cookies.clear()
    sign_in_to_comments(runtime, client, jane)
    assert client.get(NOTIFICATIONS).json()["unread"] == 1


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", NOTIFICATIONS), ("POST", READ), ("POST", follow(1)), ("DELETE", follow(1))],
)
def test_without_a_comments_session_every_call_is_refused(
    client: TestClient, method: str, path: str
) -> None:
    answer = client.request(method, path)
    assert answer.status_code == 401
    assert answer.json() == SIGN_IN


def test_an_unknown_comments_session_is_refused(client: TestClient) -> None:
    client.cookies.set("mh_comments", "not-a-session")
    answer = client.get(NOTIFICATIONS)
    assert answer.status_code == 401
    assert answer.json() == SIGN_IN


def test_following_tells_the_author_once_per_follower(runtime: Runtime, client: TestClient) -> None:
    jane = wants_all(runtime, JANE, **{"first-name": "Jane"})
    bob = reader(runtime, BOB, **{"display-name": "Bob"})
    first = publish(runtime, jane, "Hi.")
    sign_in_to_comments(runtime, client, bob)

    followed = client.post(follow(first))
    again = client.post(follow(first))
    stopped = client.delete(follow(first))
    stopped_again = client.delete(follow(first))
    back = client.post(follow(first))

    assert (followed.status_code, followed.json()) == (200, {"following": True})
    assert again.json() == {"following": True}
    assert (stopped.status_code, stopped.json()) == (200, {"following": False})
    assert stopped_again.json() == {"following": False}
    assert back.json() == {"following": True}
    assert kinds(runtime, jane) == [("follower", bob)]
    assert subjects(runtime, JANE) == ["Bob started following you"]
    assert followed.headers["cache-control"] == "no-store"


def test_no_follower_notification_when_the_profile_turns_it_off(
    runtime: Runtime, client: TestClient
) -> None:
    jane = reader(runtime, JANE, **{"notification-follower": False})
    bob = reader(runtime, BOB)
    first = publish(runtime, jane)
    sign_in_to_comments(runtime, client, bob)
    assert client.post(follow(first)).json() == {"following": True}
    assert kinds(runtime, jane) == []
    assert subjects(runtime, JANE) == []


def test_following_oneself_or_a_missing_comment_is_refused(
    runtime: Runtime, client: TestClient
) -> None:
    jane = wants_all(runtime, JANE)
    own = publish(runtime, jane)
    sign_in_to_comments(runtime, client, jane)

    mine = client.post(follow(own))
    missing = client.post(follow(own + 1000))
    missing_delete = client.delete(follow(own + 1000))

    assert mine.status_code == 403
    assert mine.json() == {"type": "own-comment", "message": "You can't follow yourself."}
    assert missing.status_code == 404 and missing.json()["type"] == "comment-not-found"
    assert missing_delete.status_code == 404
    assert kinds(runtime, jane) == []


def test_a_comment_id_out_of_range_is_a_400(runtime: Runtime, client: TestClient) -> None:
    sign_in_to_comments(runtime, client, reader(runtime, BOB))
    for bad in ("0", "abc", str(2**31)):
        answer = client.post(f"/comments/v1/messages/{bad}/follow-author")
        assert answer.status_code == 400, answer.text
        assert answer.json()["type"] == "bad-request"
