"""Posting, replying, editing and deleting (POST, PATCH, DELETE /comments/v1/messages): what
the thread shows after each, and every refusal with its message."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.comments.helpers import GOSSIP_SPOT, MAIN_SPOT
from tests.comments.writing_helpers import (
    GOSSIP_STORY,
    JETS,
    MESSAGES,
    RALLY,
    banned_word,
    commenter,
    me,
    post,
    posted,
    refusal,
    site_rules,
    thread,
)
from tests.site.stories import seed

MARKUP = (
    "Comments are plain text, so HTML tags such as <b> can't be used. Please remove them and "
    "try again."
)


@pytest.fixture(autouse=True)
def _open_site(runtime: Runtime) -> None:
    seed(runtime)
    site_rules(runtime, "signed-in", "none")  # published at once unless a test says otherwise


def test_a_comment_and_a_reply_appear_in_the_thread(app: FastAPI, client: TestClient) -> None:
    ada = commenter(app, "ada@example.com", **{"full-name": "Ada Lovelace"})
    written = posted(ada, "  What a game!\nUnbelievable.  ")
    assert written["status"] == "published"
    assert written["message"] is None
    comment = written["comment"]
    assert comment["body"] == "What a game!\nUnbelievable."  # trimmed, lines kept
    assert comment["author"]["display_name"] == "Ada L."
    assert (comment["up_votes"], comment["down_votes"], comment["hearts"]) == (0, 0, 0)
    assert comment["featured"] is False

    bob = commenter(app, "bob@example.com", **{"full-name": "Bob Stone"})
    reply = posted(bob, "Agreed.", parent_id=comment["id"])["comment"]
    assert reply["parent_id"] == comment["id"]

    page = thread(client)
    assert page["total"] == 2
    top = page["comments"][0]
    assert top["id"] == comment["id"]
    assert [r["body"] for r in top["replies"]] == ["Agreed."]
    counts = client.get(
        "/comments/v1/messages-count", params={"spot_id": MAIN_SPOT, "posts_ids": str(RALLY)}
    )
    assert counts.json()["messages_count"] == {str(RALLY): 2}
    assert me(ada)["own"] == [comment["id"]]


def test_plain_text_that_looks_like_markup_is_kept(app: FastAPI) -> None:
    ada = commenter(app, "ada@example.com")
    assert posted(ada, "x < y, but y > z")["comment"]["body"] == "x < y, but y > z"
    assert posted(ada, "I <3 this team")["comment"]["body"] == "I <3 this team"


def test_bad_bodies_are_refused_with_what_to_do(app: FastAPI, runtime: Runtime) -> None:
    ada = commenter(app, "ada@example.com")
    assert (
        refusal(post(ada, "   "), 400, "empty-comment") == "Please write a comment before posting."
    )
    assert (
        refusal(post(ada, "x" * 2001), 400, "comment-too-long")
        == "Comments can be at most 2,000 characters; yours has 2,001."
    )
    assert refusal(post(ada, "<b>loud</b>"), 400, "unsupported-markup") == MARKUP
    banned_word(runtime, "frobnicate")
    assert (
        refusal(post(ada, "You frobnicate."), 400, "profane-text")
        == "Your comment contains “frobnicate”, which isn't allowed here. Please reword it and "
        "try again."
    )
    assert thread(browser_of(app))["total"] == 0


def browser_of(app: FastAPI) -> TestClient:
    return TestClient(app, base_url="http://testserver")


def test_the_same_words_twice_within_a_day_are_refused(
    app: FastAPI, clock: FrozenClock, runtime: Runtime
) -> None:
    runtime.settings.comments_per_reader = 100
    ada = commenter(app, "ada@example.com")
    posted(ada, "Great game tonight")
    again = post(ada, "  great   GAME tonight ", post_id=JETS)  # another story, same words
    assert refusal(again, 400, "repeated-comment") == "You've already posted this comment."
    bob = commenter(app, "bob@example.com")
    assert post(bob, "Great game tonight").status_code == 201  # another reader may
    clock.at += timedelta(hours=24, seconds=1)
    assert post(ada, "Great game tonight").status_code == 201


def test_replies_only_to_a_published_comment_of_the_story(app: FastAPI) -> None:
    ada = commenter(app, "ada@example.com")
    top = posted(ada, "Top")["comment"]["id"]
    gone = "The comment you're replying to is no longer available."
    other_story = post(ada, "Reply", post_id=JETS, parent_id=top)
    assert refusal(other_story, 404, "comment-not-found") == gone
    assert refusal(post(ada, "Reply", parent_id=999_999), 404, "comment-not-found") == gone
    assert ada.delete(f"{MESSAGES}/{top}").status_code == 204
    assert refusal(post(ada, "Reply", parent_id=top), 404, "comment-not-found") == gone


def test_an_unknown_story_is_not_found(app: FastAPI) -> None:
    ada = commenter(app, "ada@example.com")
    refusal(post(ada, "Hello", post_id=999_999), 404, "story-not-found")
    refusal(post(ada, "Hello", post_id=GOSSIP_STORY), 404, "story-not-found")  # not this spot
    assert post(ada, "Hello", post_id=GOSSIP_STORY, spot_id=GOSSIP_SPOT).status_code == 201


def test_posting_is_limited_per_reader(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.comments_per_reader = 2
    ada = commenter(app, "ada@example.com")
    posted(ada, "one")
    posted(ada, "two")
    message = refusal(post(ada, "three"), 429, "too-many-requests")
    assert message.startswith("You're commenting too fast. Please wait ")
    assert message.endswith(" seconds.")
    bob = commenter(app, "bob@example.com")
    assert post(bob, "another reader").status_code == 201


def test_posting_is_limited_per_address(app: FastAPI, runtime: Runtime) -> None:
    runtime.settings.comments_per_address = 2  # every test client has the same address
    posted(commenter(app, "ada@example.com"), "one")
    posted(commenter(app, "bob@example.com"), "two")
    refusal(post(commenter(app, "cy@example.com"), "three"), 429, "too-many-requests")


def test_editing_ones_own_comment(app: FastAPI, client: TestClient, clock: FrozenClock) -> None:
    ada = commenter(app, "ada@example.com")
    comment = posted(ada, "Frist!")["comment"]["id"]
    clock.at += timedelta(minutes=2)
    edited = ada.patch(f"{MESSAGES}/{comment}", json={"body": "First!"})
    assert edited.status_code == 200, edited.text
    assert edited.json()["status"] == "published"
    assert edited.json()["comment"]["body"] == "First!"
    assert edited.json()["comment"]["edited_at"] is not None
    assert thread(client)["comments"][0]["body"] == "First!"

    refusal(ada.patch(f"{MESSAGES}/{comment}", json={"body": ""}), 400, "empty-comment")
    refusal(
        ada.patch(f"{MESSAGES}/{comment}", json={"body": "<b>x</b>"}), 400, "unsupported-markup"
    )
    bob = commenter(app, "bob@example.com")
    theirs = bob.patch(f"{MESSAGES}/{comment}", json={"body": "Mine now"})
    assert refusal(theirs, 403, "not-your-comment") == "You can only edit your own comments."
    missing = ada.patch(f"{MESSAGES}/999999", json={"body": "x"})
    assert refusal(missing, 404, "comment-not-found") == "This comment is no longer available."
    assert thread(client)["comments"][0]["body"] == "First!"


def test_deleting_ones_own_comment(app: FastAPI, client: TestClient) -> None:
    ada = commenter(app, "ada@example.com")
    bob = commenter(app, "bob@example.com")
    comment = posted(ada, "Regrettable")["comment"]["id"]
    theirs = bob.delete(f"{MESSAGES}/{comment}")
    assert refusal(theirs, 403, "not-your-comment") == "You can only delete your own comments."
    assert ada.delete(f"{MESSAGES}/{comment}").status_code == 204
    assert ada.delete(f"{MESSAGES}/{comment}").status_code == 204  # again: the same
    assert thread(client)["total"] == 0
    assert me(ada)["own"] == []
    refusal(ada.delete(f"{MESSAGES}/999999"), 404, "comment-not-found")
    refusal(ada.patch(f"{MESSAGES}/{comment}", json={"body": "back"}), 404, "comment-not-found")


def test_writing_needs_a_comments_session(client: TestClient) -> None:
    sign_in = "Log in to join the conversation."
    calls = [
        client.post(MESSAGES, json={"spot_id": MAIN_SPOT, "post_id": RALLY, "body": "Hi"}),
        client.patch(f"{MESSAGES}/1", json={"body": "Hi"}),
        client.delete(f"{MESSAGES}/1"),
        client.put(f"{MESSAGES}/1/vote", json={"vote": 1}),
        client.put(f"{MESSAGES}/1/heart", json={"heart": True}),
        client.post(f"{MESSAGES}/1/report", json={"reason": "spam"}),
    ]
    for answer in calls:
        assert refusal(answer, 401, "comments-sign-in-required") == sign_in
