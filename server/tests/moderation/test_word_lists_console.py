"""The moderators' word lists (/admin/api/word-lists): moderators add and remove words, the
profanity check (and so every reader's words) follows at once, every edit is audited."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.staff.conftest import Member, audit_rows, console, staff_member

__all__ = ["console"]

LISTS = "/admin/api/word-lists"
CHECK = "/wp-json/nyp-membership/v1/profanity-check"


@pytest.fixture
def moderator(app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock) -> Member:
    return staff_member(app, runtime, clock, "mod@example.com", ["moderator"])


def _check(client: TestClient, text: str) -> str:
    result: str = client.post(CHECK, json={"string": text}).json()["result"]
    return result


def test_a_banned_word_is_refused_at_once_and_allowed_again_once_removed(
    client: TestClient, runtime: Runtime, moderator: Member
) -> None:
    assert moderator.client.get(LISTS).json() == {"banned": [], "suspect": [], "allowed": []}
    assert _check(client, "What a Dingbat") == "pass"
    added = moderator.client.post(f"{LISTS}/banned", json={"word": "  DingBat "})
    assert added.status_code == 201, added.text
    assert added.json() == {"banned": ["dingbat"], "suspect": [], "allowed": []}
    assert _check(client, "What a Dingbat") == "profane"
    [entry] = audit_rows(runtime, "comments.word_added")
    assert (entry.actor_email, entry.target_id, entry.after) == (
        "mod@example.com",
        "banned",
        {"list": "banned", "word": "dingbat"},
    )
    again = moderator.client.post(f"{LISTS}/banned", json={"word": "dingbat"})
    assert (again.status_code, again.json()["type"]) == (409, "word-listed")

    assert moderator.client.delete(f"{LISTS}/banned/DINGBAT").status_code == 204
    assert _check(client, "What a Dingbat") == "pass"
    assert moderator.client.get(LISTS).json()["banned"] == []
    assert len(audit_rows(runtime, "comments.word_removed")) == 1
    gone = moderator.client.delete(f"{LISTS}/banned/dingbat")
    assert (gone.status_code, gone.json()["type"]) == (404, "word-not-listed")


def test_an_allowed_word_undoes_the_built_in_list(client: TestClient, moderator: Member) -> None:
    assert _check(client, "shit happens") == "profane"
    assert moderator.client.post(f"{LISTS}/allowed", json={"word": "shit"}).status_code == 201
    assert _check(client, "shit happens") == "pass"


def test_each_list_keeps_its_own_words_in_order(moderator: Member) -> None:
    for name, word in (("suspect", "zebra"), ("suspect", "Apple pie"), ("allowed", "zebra")):
        assert moderator.client.post(f"{LISTS}/{name}", json={"word": word}).status_code == 201
    assert moderator.client.get(LISTS).json() == {
        "banned": [],
        "suspect": ["apple pie", "zebra"],
        "allowed": ["zebra"],
    }


def test_bad_words_and_lists_are_refused_with_a_sentence(
    runtime: Runtime, moderator: Member
) -> None:
    for body in ({"word": "   "}, {"word": "a" * 65}, {"word": "and/or"}, {"word": 5}, {}):
        answer = moderator.client.post(f"{LISTS}/banned", json=body)
        assert (answer.status_code, answer.json()["type"]) == (400, "bad-request"), body
        assert answer.json()["message"]
    assert moderator.client.post(f"{LISTS}/b" + "ad", json={"word": "x"}).status_code == 400
    assert moderator.client.post(f"{LISTS}/banned", json={"word": "a" * 64}).status_code == 201
    assert moderator.client.get(LISTS).json()["banned"] == ["a" * 64]
    assert len(audit_rows(runtime, "comments.word_added")) == 1


def test_only_moderators_see_or_edit_the_lists(
    app: FastAPI, console: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    assert console.get(LISTS).status_code == 401
    editor = staff_member(app, runtime, clock, "editor@example.com", ["editor"])
    for method, path, body in (
        ("GET", LISTS, None),
        ("POST", f"{LISTS}/banned", {"word": "x"}),
        ("DELETE", f"{LISTS}/banned/x", None),
    ):
        answer = editor.client.request(method, path, json=body)
        assert (answer.status_code, answer.json()["type"]) == (403, "forbidden"), (method, path)
    assert audit_rows(runtime, "comments.word_added") == []
