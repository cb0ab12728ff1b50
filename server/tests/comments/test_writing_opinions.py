"""Votes, hearts and reports (PUT .../vote, PUT .../heart, POST .../report): the comment's
counters move with them, a repeat changes nothing, one's own comment is refused."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.comments.models import Comment, CommentReport
from masthead.deps import Runtime
from tests.comments.writing_helpers import (
    MESSAGES,
    commenter,
    me,
    posted,
    refusal,
    site_rules,
    thread,
)
from tests.site.stories import seed

THANKS = "Thanks for telling us. A moderator will look at this comment."


@pytest.fixture(autouse=True)
def _open_site(runtime: Runtime) -> None:
    seed(runtime)
    site_rules(runtime, "signed-in", "none")


def vote(client: TestClient, comment_id: int, value: int) -> dict[str, int]:
    answer = client.put(f"{MESSAGES}/{comment_id}/vote", json={"vote": value})
    assert answer.status_code == 200, answer.text
    body: dict[str, int] = answer.json()
    return body


def test_votes_move_the_counters_once_per_reader(app: FastAPI, client: TestClient) -> None:
    ada = commenter(app, "ada@example.com")
    bob = commenter(app, "bob@example.com")
    cy = commenter(app, "cy@example.com")
    comment = posted(ada, "Vote on me")["comment"]["id"]
    assert vote(bob, comment, 1) == {"up_votes": 1, "down_votes": 0, "vote": 1}
    assert vote(bob, comment, 1) == {"up_votes": 1, "down_votes": 0, "vote": 1}  # the same
    assert vote(cy, comment, -1) == {"up_votes": 1, "down_votes": 1, "vote": -1}
    assert vote(bob, comment, -1) == {"up_votes": 0, "down_votes": 2, "vote": -1}
    assert vote(cy, comment, 0) == {"up_votes": 0, "down_votes": 1, "vote": 0}
    shown = thread(client)["comments"][0]
    assert (shown["up_votes"], shown["down_votes"]) == (0, 1)
    assert me(bob)["opinions"] == {str(comment): {"vote": -1, "heart": False}}
    assert me(cy)["opinions"] == {}  # a vote taken back leaves nothing to show

    own = ada.put(f"{MESSAGES}/{comment}/vote", json={"vote": 1})
    assert refusal(own, 403, "own-comment") == "You can't vote on your own comment."
    bad = bob.put(f"{MESSAGES}/{comment}/vote", json={"vote": 2})
    assert refusal(bad, 400, "bad-request")


def test_hearts_are_given_once_and_taken_back(app: FastAPI, client: TestClient) -> None:
    ada = commenter(app, "ada@example.com")
    bob = commenter(app, "bob@example.com")
    comment = posted(ada, "Heart me")["comment"]["id"]
    url = f"{MESSAGES}/{comment}/heart"
    assert bob.put(url, json={"heart": True}).json() == {"hearts": 1, "heart": True}
    assert bob.put(url, json={"heart": True}).json() == {"hearts": 1, "heart": True}
    assert thread(client)["comments"][0]["hearts"] == 1
    assert me(bob)["opinions"] == {str(comment): {"vote": 0, "heart": True}}
    assert bob.put(url, json={"heart": False}).json() == {"hearts": 0, "heart": False}
    refusal(ada.put(url, json={"heart": True}), 403, "own-comment")


def test_a_report_is_counted_once(app: FastAPI, runtime: Runtime) -> None:
    ada = commenter(app, "ada@example.com")
    bob = commenter(app, "bob@example.com")
    comment = posted(ada, "Report me")["comment"]["id"]
    url = f"{MESSAGES}/{comment}/report"
    for _ in range(2):
        answer = bob.post(url, json={"reason": "spam", "note": "Looks like an ad."})
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"message": THANKS}
    with runtime.sessions() as db:
        stored = db.get(Comment, comment)
        assert stored is not None
        assert stored.open_reports == 1
        assert db.query(CommentReport).count() == 1
    refusal(bob.post(url, json={"reason": "boring"}), 400, "bad-request")
    refusal(bob.post(url, json={"reason": "other", "note": "x" * 501}), 400, "bad-request")
    refusal(ada.post(url, json={"reason": "spam"}), 403, "own-comment")


def test_only_published_comments_take_opinions(app: FastAPI, runtime: Runtime) -> None:
    site_rules(runtime, "signed-in", "all")
    ada = commenter(app, "ada@example.com")
    bob = commenter(app, "bob@example.com")
    waiting = posted(ada, "Waiting")["comment"]["id"]
    gone = "This comment is no longer available."
    for answer in (
        bob.put(f"{MESSAGES}/{waiting}/vote", json={"vote": 1}),
        bob.put(f"{MESSAGES}/{waiting}/heart", json={"heart": True}),
        bob.post(f"{MESSAGES}/{waiting}/report", json={"reason": "spam"}),
        bob.put(f"{MESSAGES}/999999/vote", json={"vote": 1}),
    ):
        assert refusal(answer, 404, "comment-not-found") == gone
