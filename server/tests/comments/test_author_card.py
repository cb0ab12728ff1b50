"""GET /comments/v1/messages/{id}/author: the card a reader opens from a published comment's
byline; a private profile shows its name alone, an unpublished comment names nobody."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.comments import repository
from masthead.comments.models import DELETED, PENDING, PUBLISHED, REJECTED
from masthead.deps import Runtime
from tests.comments.helpers import GOSSIP_SPOT, MAIN_SPOT, a_reader
from tests.site.stories import seed

RALLY, GOSSIP_STORY = 3101, 3201  # demo stories of two brands (articles/demo_content.py)


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def write(
    runtime: Runtime,
    author: int | None,
    *,
    days_ago: int = 0,
    status: str = PUBLISHED,
    spot_id: str = MAIN_SPOT,
    post_id: int = RALLY,
) -> int:
    with runtime.sessions.begin() as db:
        return repository.add_comment(
            db,
            spot_id=spot_id,
            post_id=post_id,
            author_id=author,
            body="A comment.",
            status=status,
            now=runtime.clock.now() - timedelta(days=days_ago),
        ).id


def card(client: TestClient, comment_id: int) -> dict[str, Any]:
    response = client.get(f"/comments/v1/messages/{comment_id}/author")
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "public, max-age=30"
    answer: dict[str, Any] = response.json()
    return answer


def test_a_public_profile_shows_bio_location_and_what_they_published(
    client: TestClient, runtime: Runtime
) -> None:
    owl = a_reader(
        runtime,
        "owl@x.com",
        **{
            "display-name": "Night Owl",
            "avatar-color": "#1a2b3c",
            "bio": "  Mets fan since '86.  ",
            "location": "Queens",
        },
    )
    first = write(runtime, owl, days_ago=40, spot_id=GOSSIP_SPOT, post_id=GOSSIP_STORY)
    latest = write(runtime, owl)
    write(runtime, owl, days_ago=90, status=PENDING)  # neither counted nor "since"
    write(runtime, owl, days_ago=80, status=REJECTED)
    write(runtime, owl, days_ago=70, status=DELETED)

    shown = card(client, latest)
    since = (runtime.clock.now() - timedelta(days=40)).isoformat().replace("+00:00", "Z")
    assert shown == {
        "display_name": "Night Owl",
        "initials": "NO",
        "avatar_color": "#1a2b3c",
        "profile": "public",
        "bio": "Mets fan since '86.",
        "location": "Queens",
        "comments": 2,
        "commenting_since": since,
    }
    assert card(client, first) == shown  # the same author from any of their comments


def test_an_empty_bio_and_location_are_null(client: TestClient, runtime: Runtime) -> None:
    jane = a_reader(runtime, "jane@x.com", **{"first-name": "Jane", "last-name": "Doe"})
    shown = card(client, write(runtime, jane))
    assert (shown["display_name"], shown["bio"], shown["location"], shown["comments"]) == (
        "Jane D.",
        None,
        None,
        1,
    )


def test_a_private_profile_and_an_erased_account_show_the_name_alone(
    client: TestClient, runtime: Runtime
) -> None:
    hidden = a_reader(
        runtime,
        "hidden@x.com",
        **{
            "display-name": "Hidden",
            "bio": "Secret",
            "location": "Somewhere",
            "private-profile": True,
        },
    )
    nothing = {"initials": None, "avatar_color": None, "bio": None, "location": None}
    nothing |= {"comments": None, "commenting_since": None}
    assert card(client, write(runtime, hidden)) == {
        "display_name": "Hidden",
        "profile": "private",
        **nothing,
    }
    assert card(client, write(runtime, None)) == {
        "display_name": "Former reader",
        "profile": "erased",
        **nothing,
    }


def test_a_comment_readers_cannot_see_names_nobody(client: TestClient, runtime: Runtime) -> None:
    author = a_reader(runtime, "a@x.com", **{"display-name": "Someone"})
    for status in (PENDING, REJECTED, DELETED):
        response = client.get(
            f"/comments/v1/messages/{write(runtime, author, status=status)}/author"
        )
        assert response.status_code == 404
        assert response.json()["type"] == "comment-not-found"
        assert response.json()["message"] == "This comment is no longer available."
    assert client.get("/comments/v1/messages/999999/author").status_code == 404
    for bad in ("0", "abc", str(2**31)):
        response = client.get(f"/comments/v1/messages/{bad}/author")
        assert response.status_code == 400, response.text
        assert response.json()["type"] == "bad-request"
