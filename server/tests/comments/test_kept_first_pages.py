"""The thread's first page kept built (comments/cached_pages): every write through the service
shows on the very next read; what no comment write sees (a profile, rows written around the
service) shows once the kept page is KEPT_SECONDS old; a page built from an older version of
the thread is never served."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import insert, update

from masthead.clock import FrozenClock
from masthead.comments.cached_pages import service as kept_pages
from masthead.comments.cached_pages.models import CommentThreadPage
from masthead.comments.models import PUBLISHED, Comment
from masthead.deps import Runtime
from masthead.identity.models import Profile
from tests.comments.helpers import MAIN_SPOT
from tests.comments.writing_helpers import RALLY, commenter, posted, site_rules, thread, user_id_of
from tests.site.stories import seed


@pytest.fixture(autouse=True)
def _open_site(runtime: Runtime) -> None:
    seed(runtime)
    site_rules(runtime, "signed-in", "none")


def bodies(client: TestClient, **query: str) -> list[str]:
    return [c["body"] for c in thread(client, **query)["comments"]]


def kept_sorts(runtime: Runtime) -> set[str]:
    with runtime.sessions.begin() as db:
        rows = db.query(CommentThreadPage.sort).filter(CommentThreadPage.post_id == RALLY)
        return {sort for (sort,) in rows}


def test_every_write_through_the_service_shows_on_the_next_read(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    ada = commenter(app, "ada@example.com", **{"full-name": "Ada Lovelace"})
    bob = commenter(app, "bob@example.com", **{"full-name": "Bob Stone"})
    first = posted(ada, "First words.")["comment"]
    assert bodies(client) == ["First words."]
    assert "best" in kept_sorts(runtime)  # the read kept its page

    posted(bob, "Second words.")
    assert bodies(client, sort="newest") == ["Second words.", "First words."]
    assert thread(client)["total"] == 2

    assert bob.put(f"/comments/v1/messages/{first['id']}/vote", json={"vote": 1}).status_code == 200
    assert (
        bob.put(f"/comments/v1/messages/{first['id']}/heart", json={"heart": True}).status_code
        == 200
    )
    top = next(c for c in thread(client)["comments"] if c["id"] == first["id"])
    assert (top["up_votes"], top["hearts"]) == (1, 1)

    edited = ada.patch(f"/comments/v1/messages/{first['id']}", json={"body": "Better words."})
    assert edited.status_code == 200
    assert "Better words." in bodies(client)
    assert ada.delete(f"/comments/v1/messages/{first['id']}").status_code == 204
    assert bodies(client) == ["Second words."]


def test_what_no_comment_write_sees_shows_once_the_kept_page_is_old(
    app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    ada = commenter(app, "ada@example.com", **{"full-name": "Ada Lovelace"})
    posted(ada, "Hello.")
    assert thread(client)["comments"][0]["author"]["display_name"] == "Ada L."
    with runtime.sessions.begin() as db:  # Ada goes private: the profile, not a comment, changes
        user_id = user_id_of(runtime, "ada@example.com")
        db.execute(
            update(Profile)
            .where(Profile.user_id == user_id)
            .values(attributes={"full-name": "Ada Lovelace", "private-profile": True})
        )
    assert thread(client)["comments"][0]["author"]["initials"] == "AL"  # still the kept page

    clock.advance(timedelta(seconds=kept_pages.KEPT_SECONDS + 1))
    author = thread(client)["comments"][0]["author"]
    assert author == {"display_name": "Reader", "initials": None, "avatar_color": None}


def test_rows_written_around_the_service_show_once_the_kept_page_is_old(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    assert bodies(client) == []  # an empty thread: nothing to keep
    with runtime.sessions.begin() as db:
        values = {
            "spot_id": MAIN_SPOT,
            "post_id": RALLY,
            "body": "Imported.",
            "status": PUBLISHED,
            "created_at": clock.now(),
        }
        db.execute(insert(Comment).values(**values))
    assert bodies(client) == ["Imported."]
    with runtime.sessions.begin() as db:
        db.execute(insert(Comment).values(**{**values, "body": "Imported later."}))
    assert bodies(client) == ["Imported."]
    clock.advance(timedelta(seconds=kept_pages.KEPT_SECONDS + 1))
    assert bodies(client, sort="newest") == ["Imported later.", "Imported."]


def test_a_page_built_before_a_write_is_not_served_after_it(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    ada = commenter(app, "ada@example.com", **{"full-name": "Ada Lovelace"})
    posted(ada, "Before.")
    stale = thread(client)
    posted(ada, "After.")
    # A reader's build of the old version, kept late (after the write committed):
    kept_pages.keep_first_page(runtime, MAIN_SPOT, RALLY, "best", 1, json.dumps(stale))
    assert sorted(bodies(client)) == ["After.", "Before."]
