"""Bans and the per-site comment rules in the moderators' console: given, listed, lifted and
changed, each audited; the rules saved are the ones the writing service reads.

Here: the ban itself, as moderators give, see and lift it; its effect on a reader posting is
in test_console_with_writing.py."""

from __future__ import annotations

from datetime import timedelta
from typing import get_args

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.comments.console.schemas import SpotId
from masthead.comments.models import PENDING
from masthead.comments.site_rules import SiteRules, read_site_rules
from masthead.deps import Runtime
from masthead.newsroom import DESKS
from tests.comments.console_helpers import QUEUE, queue, reader, write
from tests.site.stories import seed
from tests.staff.conftest import Member, audit_rows, staff_member

BANS = f"{QUEUE}/bans"
SETTINGS = f"{QUEUE}/settings"


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


@pytest.fixture
def moderator(app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock) -> Member:
    return staff_member(app, runtime, clock, "mod@example.com", ["moderator"])


def test_a_ban_by_comment_is_listed_shown_in_the_queue_and_lifted(
    runtime: Runtime, clock: FrozenClock, moderator: Member
) -> None:
    troll = reader(runtime, "troll@example.com", "Troll")
    comment = write(runtime, "Spam spam spam.", status=PENDING, author=troll)
    answer = moderator.client.post(BANS, json={"comment_id": comment, "reason": "Spam", "days": 7})
    assert answer.status_code == 201, answer.text
    ban = answer.json()
    assert (ban["user_id"], ban["email"], ban["display_name"]) == (
        troll,
        "troll@example.com",
        "Troll",
    )
    assert (ban["reason"], ban["banned_by"]) == ("Spam", "mod@example.com")
    assert ban["expires_at"] is not None
    assert moderator.client.get(BANS).json()["items"] == [ban]
    assert queue(moderator.client)["items"][0]["author"]["banned"] is True
    [entry] = audit_rows(runtime, "comments.commenter_banned")
    assert (entry.target_type, entry.target_id) == ("account", "troll@example.com")
    assert entry.before == {"reader": troll, "banned": False}

    # A second ban replaces the first: until lifted, now.
    again = moderator.client.post(BANS, json={"user_id": troll, "reason": "Again", "days": None})
    assert again.status_code == 200, again.text
    assert again.json()["expires_at"] is None
    assert [b["reason"] for b in moderator.client.get(BANS).json()["items"]] == ["Again"]

    lifted = moderator.client.delete(f"{BANS}/{troll}")
    assert lifted.status_code == 204
    assert moderator.client.get(BANS).json()["items"] == []
    assert queue(moderator.client)["items"][0]["author"]["banned"] is False
    assert len(audit_rows(runtime, "comments.ban_lifted")) == 1
    gone = moderator.client.delete(f"{BANS}/{troll}")
    assert (gone.status_code, gone.json()["type"]) == (404, "not-banned")


def test_a_ban_ends_by_itself_after_its_days(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, moderator: Member
) -> None:
    troll = reader(runtime, "troll@example.com")
    moderator.client.post(BANS, json={"user_id": troll, "reason": "Cool off", "days": 1})
    assert len(moderator.client.get(BANS).json()["items"]) == 1
    clock.advance(timedelta(days=1, seconds=1))
    # The first moderator's session has ended by then: the next day's moderator looks.
    tomorrow = staff_member(app, runtime, clock, "mod2@example.com", ["moderator"])
    assert tomorrow.client.get(BANS).json()["items"] == []
    assert tomorrow.client.delete(f"{BANS}/{troll}").status_code == 404


def test_a_ban_names_one_reader_who_exists(runtime: Runtime, moderator: Member) -> None:
    erased = write(runtime, "Nobody wrote this now.")  # an author whose account is gone
    cases = [
        ({"reason": "x", "days": None}, 400, "bad-request"),
        ({"user_id": 1, "comment_id": erased, "reason": "x", "days": None}, 400, "bad-request"),
        ({"user_id": 999999, "reason": "x", "days": None}, 404, "reader-not-found"),
        ({"comment_id": 999999, "reason": "x", "days": None}, 404, "comment-not-found"),
        ({"comment_id": erased, "reason": "x", "days": None}, 409, "no-author"),
        ({"user_id": 1, "reason": "   ", "days": None}, 400, "bad-request"),
        ({"user_id": 1, "reason": "x", "days": 0}, 400, "bad-request"),
    ]
    for body, status, kind in cases:
        answer = moderator.client.post(BANS, json=body)
        assert (answer.status_code, answer.json()["type"]) == (status, kind), body
        assert answer.json()["message"]
    assert audit_rows(runtime, "comments.commenter_banned") == []


def test_every_site_has_the_defaults_until_a_moderator_changes_them(
    runtime: Runtime, moderator: Member
) -> None:
    sites = moderator.client.get(SETTINGS).json()["sites"]
    assert [site["spot_id"] for site in sites] == ["sp_MhMain01", "sp_MhGossip1", "sp_MhLife01"]
    assert all(site["site"] for site in sites)
    assert {(s["who_may_comment"], s["premoderation"]) for s in sites} == {
        ("signed-in", "first-comments")
    }
    change = {"spot_id": "sp_MhGossip1", "who_may_comment": "members", "premoderation": "all"}
    answer = moderator.client.put(SETTINGS, json={"sites": [change]})
    assert answer.status_code == 200, answer.text
    gossip = answer.json()["sites"][1]
    assert (gossip["who_may_comment"], gossip["premoderation"]) == ("members", "all")
    assert moderator.client.get(SETTINGS).json() == answer.json()
    with runtime.sessions() as db:  # what the writing service reads
        assert read_site_rules(db, "sp_MhGossip1") == SiteRules("members", "all")
        assert read_site_rules(db, "sp_MhMain01") == SiteRules("signed-in", "first-comments")
    [entry] = audit_rows(runtime, "comments.site_settings_changed")
    assert (entry.target_type, entry.target_id) == ("comment_site", "sp_MhGossip1")
    assert entry.before == {"who_may_comment": "signed-in", "premoderation": "first-comments"}
    assert entry.after == {"who_may_comment": "members", "premoderation": "all"}
    # Saving what is already so changes nothing, and logs nothing.
    assert moderator.client.put(SETTINGS, json={"sites": [change]}).status_code == 200
    assert len(audit_rows(runtime, "comments.site_settings_changed")) == 1


def test_the_sites_are_the_newsrooms() -> None:
    assert get_args(SpotId) == tuple(desk.spot_id for desk in DESKS.values())


def test_settings_refuse_an_unknown_site_or_one_named_twice(moderator: Member) -> None:
    entry = {"spot_id": "sp_Nowhere", "who_may_comment": "nobody", "premoderation": "none"}
    unknown = moderator.client.put(SETTINGS, json={"sites": [entry]})
    assert (unknown.status_code, unknown.json()["type"]) == (400, "bad-request")
    main = {**entry, "spot_id": "sp_MhMain01"}
    twice = moderator.client.put(SETTINGS, json={"sites": [main, main]})
    assert (twice.status_code, twice.json()["type"]) == (400, "bad-request")
    wrong = moderator.client.put(SETTINGS, json={"sites": [{**main, "premoderation": "some"}]})
    assert wrong.status_code == 400
    assert moderator.client.get(SETTINGS).json()["sites"][0]["who_may_comment"] == "signed-in"
