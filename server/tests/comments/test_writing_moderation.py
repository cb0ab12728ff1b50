"""Who may comment and what waits for a moderator: the site's setting (nobody, signed-in
readers, members), bans, pre-moderation (none, first comments, all), suspect words, links.
A waiting comment is in neither the thread nor the counts; its author sees it in `me`."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.comments.models import Comment
from masthead.deps import Runtime
from tests.billing.api_helpers import nonce, setup, subscribe
from tests.comments.helpers import MAIN_SPOT
from tests.comments.writing_helpers import (
    MESSAGES,
    RALLY,
    ban,
    commenter,
    me,
    post,
    posted,
    refusal,
    site_rules,
    suspect,
    thread,
    user_id_of,
)
from tests.site.stories import seed

WAIT = "Thanks! Your comment will appear once a moderator has approved it."
CLOSED = "Comments are closed on this site."
MEMBERS = "Only members can comment on this site."
BANNED = "A moderator has suspended your commenting on this site."


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def held_reason(runtime: Runtime, comment_id: int) -> str | None:
    with runtime.sessions() as db:
        comment = db.get(Comment, comment_id)
        assert comment is not None
        return comment.held_reason


def counts(client: TestClient) -> int:
    answer = client.get(
        "/comments/v1/messages-count", params={"spot_id": MAIN_SPOT, "posts_ids": str(RALLY)}
    )
    count: int = answer.json()["messages_count"][str(RALLY)]
    return count


def test_by_default_a_new_commenters_first_comment_waits(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    ada = commenter(app, "ada@example.com")
    first = posted(ada, "My first comment")
    assert (first["status"], first["message"]) == ("pending", WAIT)
    assert held_reason(runtime, first["comment"]["id"]) == "first-comment"
    assert thread(client)["total"] == 0
    assert thread(client)["comments"] == []
    assert counts(client) == 0
    state = me(ada)
    assert [c["body"] for c in state["pending"]] == ["My first comment"]
    assert state["own"] == [first["comment"]["id"]]
    assert me(commenter(app, "bob@example.com"))["pending"] == []  # only to its author

    with runtime.sessions.begin() as db:  # a moderator approves it
        approved = db.get(Comment, first["comment"]["id"])
        assert approved is not None
        approved.status = "published"
    second = posted(ada, "Now I am known")
    assert second["status"] == "published"
    assert counts(client) == 2
    assert me(ada)["pending"] == []


def test_pre_moderation_none_publishes_and_all_holds_everyone(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    site_rules(runtime, "signed-in", "none")
    ada = commenter(app, "ada@example.com")
    assert posted(ada, "Straight in")["status"] == "published"
    site_rules(runtime, "signed-in", "all")
    held = posted(ada, "Held like everyone's")
    assert held["status"] == "pending"
    assert held_reason(runtime, held["comment"]["id"]) == "all"
    assert thread(client)["total"] == 1


def test_a_suspect_word_waits_for_a_moderator(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    site_rules(runtime, "signed-in", "none")
    suspect(runtime, "crypto")
    ada = commenter(app, "ada@example.com")
    held = posted(ada, "Buy crypto now")
    assert held["status"] == "pending"
    assert held_reason(runtime, held["comment"]["id"]) == "suspect-word"
    fine = posted(ada, "Cryptography is a fine subject")  # whole words only
    assert fine["status"] == "published"

    # A published comment edited to hold a suspect word waits again.
    edited = ada.patch(f"{MESSAGES}/{fine['comment']['id']}", json={"body": "crypto, actually"})
    assert edited.json()["status"] == "pending"
    assert thread(client)["total"] == 0


def test_links_wait_from_a_new_commenter_and_many_links_from_anyone(
    app: FastAPI, runtime: Runtime
) -> None:
    site_rules(runtime, "signed-in", "none")
    ada = commenter(app, "ada@example.com")
    link = posted(ada, "See https://example.com/story")
    assert link["status"] == "pending"
    assert held_reason(runtime, link["comment"]["id"]) == "link"
    assert posted(ada, "No link this time")["status"] == "published"
    assert posted(ada, "Now https://a.example and www.b.example")["status"] == "published"
    many = posted(ada, "https://a.example https://b.example https://c.example")
    assert many["status"] == "pending"


def test_nobody_may_comment_when_comments_are_closed(app: FastAPI, runtime: Runtime) -> None:
    site_rules(runtime, "nobody", "none")
    ada = commenter(app, "ada@example.com")
    assert refusal(post(ada, "Hello"), 403, "comments-closed") == CLOSED
    state = me(ada)
    assert (state["may_comment"], state["refusal"]) == (False, CLOSED)


def test_members_only(app: FastAPI, runtime: Runtime) -> None:
    site_rules(runtime, "members", "none")
    ada = commenter(app, "ada@example.com")
    assert refusal(post(ada, "Hello"), 403, "members-only") == MEMBERS
    assert me(ada)["refusal"] == MEMBERS

    sandbox = setup(runtime)
    joined = subscribe(ada, "sports-monthly", nonce(sandbox))
    assert joined.status_code == 200, joined.text
    assert me(ada)["may_comment"] is True
    assert posted(ada, "Hello as a member")["status"] == "published"


def test_a_banned_commenter_cannot_post_until_the_ban_ends(app: FastAPI, runtime: Runtime) -> None:
    site_rules(runtime, "signed-in", "none")
    ada = commenter(app, "ada@example.com")
    mine = posted(ada, "Before the ban")["comment"]["id"]
    ban(runtime, user_id_of(runtime, "ada@example.com"))
    assert refusal(post(ada, "During the ban"), 403, "banned") == BANNED
    assert refusal(ada.patch(f"{MESSAGES}/{mine}", json={"body": "x"}), 403, "banned") == BANNED
    state = me(ada)
    assert (state["may_comment"], state["refusal"]) == (False, BANNED)


def test_an_expired_ban_no_longer_refuses(app: FastAPI, runtime: Runtime) -> None:
    site_rules(runtime, "signed-in", "none")
    ada = commenter(app, "ada@example.com")
    ban(runtime, user_id_of(runtime, "ada@example.com"), runtime.clock.now() - timedelta(days=1))
    assert posted(ada, "Back again")["status"] == "published"
