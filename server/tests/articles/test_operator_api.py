"""The stories' content API for a CMS (/operator/v1/stories/{id}): a bearer key; PUT creates
or replaces idempotently, DELETE deletes what was never on the site and unpublishes the rest."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.articles.helpers import KEY, OPERATOR, content_call, site_page, story_body
from tests.site.stories import seed
from tests.staff.conftest import audit_rows

CMS_ID = "cms-2026-000123"


def _put(client: TestClient, key: dict[str, str], cms_id: str = CMS_ID, **changes: Any) -> Any:
    return client.put(f"{OPERATOR}/{cms_id}", json=story_body(**changes), headers=key)


def test_without_the_setting_the_api_is_absent(client: TestClient) -> None:
    for method in ("GET", "PUT", "DELETE"):
        answer = client.request(
            method, f"{OPERATOR}/{CMS_ID}", json=story_body(), headers={"Authorization": "Bearer x"}
        )
        assert (answer.status_code, answer.json()["type"]) == (404, "not-found")


def test_a_missing_or_wrong_key_is_refused(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.stories_key = KEY
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": KEY}):
        for method in ("GET", "PUT", "DELETE"):
            answer = client.request(
                method, f"{OPERATOR}/{CMS_ID}", json=story_body(), headers=headers
            )
            assert answer.status_code == 401, (method, headers)
            assert answer.json()["message"] == "The stories key is missing or wrong."
            assert answer.headers["www-authenticate"] == "Bearer"


def test_put_creates_then_replaces_idempotently(
    client: TestClient, runtime: Runtime, clock: FrozenClock, operator_key: dict[str, str]
) -> None:
    seed(runtime)  # the demo's post ids go up to 3304
    made = _put(client, operator_key)
    assert made.status_code == 201, made.text
    assert made.headers["cache-control"] == "no-store"
    story = made.json()
    assert story["content_id"] == CMS_ID
    assert story["post_id"] == 3305  # the next post id
    assert story["status"] == "published"  # published (from now) unless it says otherwise
    assert story["published_at"] == clock.now().isoformat().replace("+00:00", "Z")
    assert story["updated_by"] == "operator API"
    assert site_page(client, story).status_code == 200

    clock.advance(timedelta(hours=1))
    again = _put(client, operator_key)
    assert again.status_code == 200
    assert again.json() == story  # nothing changed, not even its time or its date
    created = audit_rows(runtime, "story.created")
    assert len(created) == 1 and len(audit_rows(runtime, "story.edited")) == 0
    assert created[0].actor_email is None and created[0].address == "testclient"

    edited = _put(client, operator_key, headline="A new headline")
    assert edited.status_code == 200
    assert edited.json()["post_id"] == 3305 and edited.json()["headline"] == "A new headline"
    assert edited.json()["published_at"] == story["published_at"]
    entry = audit_rows(runtime, "story.edited")[-1]
    assert (entry.before, entry.after) == (
        {"headline": "Knicks sign a new point guard"},
        {"headline": "A new headline"},
    )
    shown = client.get(f"{OPERATOR}/{CMS_ID}", headers=operator_key)
    assert shown.json()["headline"] == "A new headline"


def test_put_schedules_drafts_and_takes_down(
    client: TestClient, clock: FrozenClock, operator_key: dict[str, str]
) -> None:
    later = clock.now() + timedelta(days=2)
    body = {**story_body(), "published_at": later.isoformat()}
    scheduled = client.put(f"{OPERATOR}/{CMS_ID}", json=body, headers=operator_key).json()
    assert scheduled["status"] == "scheduled"
    assert site_page(client, scheduled).status_code == 404

    draft = client.put(
        f"{OPERATOR}/{CMS_ID}", json={**story_body(), "published": False}, headers=operator_key
    ).json()
    assert (draft["status"], draft["published_at"]) == ("draft", None)

    backdated = (clock.now() - timedelta(days=30)).replace(microsecond=0)
    body = {**story_body(), "published_at": backdated.isoformat()}
    live = client.put(f"{OPERATOR}/{CMS_ID}", json=body, headers=operator_key).json()
    assert live["status"] == "published"
    assert live["path"] == f"/{backdated:%Y/%m/%d}/knicks-sign-a-new-point-guard/"
    assert site_page(client, live).status_code == 200

    down = client.put(
        f"{OPERATOR}/{CMS_ID}", json={**story_body(), "published": False}, headers=operator_key
    ).json()
    assert down["status"] == "unpublished"  # it was on the site
    assert site_page(client, live).status_code == 404


def test_delete_removes_a_story_never_on_the_site_and_unpublishes_the_rest(
    client: TestClient, runtime: Runtime, operator_key: dict[str, str]
) -> None:
    _put(client, operator_key, cms_id="draft-1", slug="draft-one").raise_for_status()
    client.put(
        f"{OPERATOR}/draft-1",
        json={**story_body(slug="draft-one"), "published": False},
        headers=operator_key,
    ).raise_for_status()
    # A story published then drafted again has been on the site: it is kept.
    assert client.delete(f"{OPERATOR}/draft-1", headers=operator_key).json() == {
        "content_id": "draft-1",
        "outcome": "unpublished",
    }
    never = client.put(
        f"{OPERATOR}/never-1",
        json={**story_body(slug="never"), "published": False},
        headers=operator_key,
    )
    assert never.status_code == 201
    assert client.delete(f"{OPERATOR}/never-1", headers=operator_key).json() == {
        "content_id": "never-1",
        "outcome": "deleted",
    }
    assert client.get(f"{OPERATOR}/never-1", headers=operator_key).status_code == 404
    assert client.delete(f"{OPERATOR}/never-1", headers=operator_key).status_code == 404

    live = _put(client, operator_key).json()
    assert content_call(client, CMS_ID).status_code == 401  # members only: there to ask for
    gone = client.delete(f"{OPERATOR}/{CMS_ID}", headers=operator_key)
    assert gone.json()["outcome"] == "unpublished"
    assert site_page(client, live).status_code == 404
    assert content_call(client, CMS_ID).status_code == 404
    repeat = client.delete(f"{OPERATOR}/{CMS_ID}", headers=operator_key)
    assert repeat.json()["outcome"] == "unpublished"
    # draft-1 was taken down by its PUT (an edit of its status); the repeat changed nothing.
    assert len(audit_rows(runtime, "story.unpublished")) == 1
    back = _put(client, operator_key).json()
    assert back["post_id"] == live["post_id"] and back["status"] == "published"


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"brand": "sports"}, "brand"),
        ({"section": "Food"}, 'has no section "Food"'),
        ({"slug": "Has Spaces"}, "cannot be used in the story's address"),
        ({"body_html": '<img src="x" onerror="alert(1)">'}, "may not contain <img>"),
        ({"access": "members", "body_html": ""}, "members' part"),
    ],
)
def test_bad_bodies_are_refused_with_a_sentence(
    client: TestClient,
    runtime: Runtime,
    operator_key: dict[str, str],
    changes: dict[str, str],
    says: str,
) -> None:
    answer = _put(client, operator_key, **changes)
    assert (answer.status_code, answer.json()["type"]) == (400, "bad-request")
    assert says in answer.json()["message"]
    assert client.get(f"{OPERATOR}/{CMS_ID}", headers=operator_key).status_code == 404


def test_bad_ids_and_shapes_are_400_and_taken_slugs_409(
    client: TestClient, operator_key: dict[str, str]
) -> None:
    for bad in ("has space", "-starts-with-hyphen", "x" * 65, "a%2Fb"):
        assert _put(client, operator_key, cms_id=bad).status_code in (400, 404), bad
    assert client.put(f"{OPERATOR}/{CMS_ID}", json=[], headers=operator_key).status_code == 400
    unknown = {**story_body(), "colour": "red"}
    assert client.put(f"{OPERATOR}/{CMS_ID}", json=unknown, headers=operator_key).status_code == 400
    naive = {**story_body(), "published_at": "2026-12-01T09:00:00"}
    assert client.put(f"{OPERATOR}/{CMS_ID}", json=naive, headers=operator_key).status_code == 400

    assert _put(client, operator_key, cms_id="first").status_code == 201
    taken = _put(client, operator_key, cms_id="second")
    assert (taken.status_code, taken.json()["type"]) == (409, "slug-taken")
    moved = _put(client, operator_key, cms_id="first", brand="gossip", section="TV")
    assert (moved.status_code, moved.json()["type"]) == (409, "brand-fixed")
