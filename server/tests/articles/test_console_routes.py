"""The stories in the console (/admin/api/stories): editors only, every refusal a sentence,
every change in the audit log with what changed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.articles.models import Article
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.articles.helpers import EDITOR, STORIES, act, create, story_body
from tests.identity.helpers import register
from tests.site.stories import seed
from tests.staff.conftest import Member, audit_rows, make_account, password_step, staff_member

ALL_ROUTES = [
    ("GET", STORIES, None),
    ("GET", f"{STORIES}/desks", None),
    ("POST", STORIES, story_body()),
    ("GET", f"{STORIES}/some-id", None),
    ("PUT", f"{STORIES}/some-id", story_body()),
    ("POST", f"{STORIES}/some-id/publish", None),
    ("POST", f"{STORIES}/some-id/schedule", {"published_at": "2030-01-01T00:00:00Z"}),
    ("POST", f"{STORIES}/some-id/unpublish", None),
    ("DELETE", f"{STORIES}/some-id", None),
    ("GET", f"{STORIES}/some-id/preview", None),
    ("POST", f"{STORIES}/preview", story_body()),
]


def _call(client: TestClient, method: str, path: str, body: Any) -> Any:
    return client.request(method, path, json=body)


def _count(runtime: Runtime) -> int:
    with runtime.sessions() as db:
        return db.scalar(select(func.count()).select_from(Article)) or 0


def test_without_a_staff_session_every_route_is_401(console: TestClient) -> None:
    for method, path, body in ALL_ROUTES:
        answer = _call(console, method, path, body)
        assert answer.status_code == 401, (method, path)
        assert answer.json()["type"] == "unauthorized"


@pytest.mark.parametrize("role", ["support", "marketing", "moderator"])
def test_other_roles_are_refused_every_route(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, role: str
) -> None:
    member = staff_member(app, runtime, clock, f"{role}@example.com", [role])  # type: ignore[list-item]
    refused = {"type": "forbidden", "message": "Your account does not have the editor role."}
    for method, path, body in ALL_ROUTES:
        answer = _call(member.client, method, path, body)
        assert (answer.status_code, answer.json()) == (403, refused), (method, path)
    assert _count(runtime) == 0


def test_a_reader_without_a_role_gets_no_staff_session(
    console: TestClient, runtime: Runtime
) -> None:
    make_account(runtime, "reader@example.com")
    assert password_step(console, "reader@example.com").status_code == 403
    for method, path, body in ALL_ROUTES:
        assert _call(console, method, path, body).status_code == 401


def test_a_signed_in_reader_without_a_role_is_refused_every_route(
    console: TestClient, runtime: Runtime
) -> None:
    assert register(console, "reader@example.com").status_code == 200  # a reader's session
    refused = {"type": "forbidden", "message": "This account has no staff role."}
    for method, path, body in ALL_ROUTES:
        answer = _call(console, method, path, body)
        assert (answer.status_code, answer.json()) == (403, refused), (method, path)
    assert _count(runtime) == 0


def test_an_admin_may_do_what_an_editor_does(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    admin = staff_member(app, runtime, clock, "admin@example.com", ["admin"])
    assert create(admin)["status"] == "draft"


def test_a_change_without_the_sites_origin_is_refused(editor: Member, runtime: Runtime) -> None:
    for origin in ("https://evil.example", None):
        headers = {"Origin": origin} if origin else {}
        client = editor.client
        saved = client.headers.pop("Origin")
        try:
            answer = client.post(STORIES, json=story_body(), headers=headers)
        finally:
            client.headers["Origin"] = saved
        assert answer.status_code == 403
        assert answer.json()["type"] == "cross-origin-refused"
    assert _count(runtime) == 0


def test_an_editor_writes_a_draft_and_it_is_audited(
    editor: Member, runtime: Runtime, clock: FrozenClock
) -> None:
    story = create(editor)
    assert story["status"] == "draft"
    assert (story["published_at"], story["first_published_at"], story["path"]) == (None, None, None)
    assert story["post_id"] >= 1 and len(story["content_id"]) == 36
    assert story["updated_by"] == EDITOR
    assert editor.client.get(f"{STORIES}/{story['content_id']}").json() == story

    entry = audit_rows(runtime, "story.created")[-1]
    assert (entry.actor_email, entry.target_type, entry.target_id) == (
        EDITOR,
        "story",
        story["content_id"],
    )
    assert entry.before is None and entry.after is not None
    assert entry.after["headline"] == "Knicks sign a new point guard"
    assert entry.after["members_part"] == "<p>Members read the terms of the deal here.</p>"
    assert entry.address == "testclient"


def test_an_edit_records_only_what_changed_and_long_html_in_brief(
    editor: Member, runtime: Runtime, clock: FrozenClock
) -> None:
    story = create(editor)
    long_body = "<p>" + "The deal, clause by clause. " * 200 + "</p>"
    clock.advance(timedelta(minutes=3))
    edited = editor.client.put(
        f"{STORIES}/{story['content_id']}",
        json=story_body(headline="Knicks land their point guard", body_html=long_body),
    )
    assert edited.status_code == 200, edited.text
    assert edited.json()["body_html"] == long_body
    assert edited.json()["updated_at"] > story["updated_at"]
    entry = audit_rows(runtime, "story.edited")[-1]
    assert entry.before is not None and entry.after is not None
    assert set(entry.after) == {"headline", "members_part"}
    assert entry.before["headline"] == "Knicks sign a new point guard"
    assert entry.after["members_part"].endswith(
        "characters, sha256 " + entry.after["members_part"][-13:-1] + ")"
    )
    assert len(entry.after["members_part"]) < 200

    # The same text again changes nothing: no entry, no new time.
    same = editor.client.put(
        f"{STORIES}/{story['content_id']}",
        json=story_body(headline="Knicks land their point guard", body_html=long_body),
    )
    assert same.json()["updated_at"] == edited.json()["updated_at"]
    assert len(audit_rows(runtime, "story.edited")) == 1


def test_publish_schedule_unpublish_and_their_refusals(
    editor: Member, runtime: Runtime, clock: FrozenClock
) -> None:
    story = create(editor)
    later = clock.now() + timedelta(hours=2)
    past = act(
        editor, story, "schedule", published_at=(clock.now() - timedelta(minutes=1)).isoformat()
    )
    assert (past.status_code, past.json()["type"]) == (400, "schedule-in-past")
    naive = act(editor, story, "schedule", published_at="2030-01-01T09:00:00")
    assert naive.status_code == 400  # a time without its offset is no time

    scheduled = act(editor, story, "schedule", published_at=later.isoformat())
    assert scheduled.status_code == 200, scheduled.text
    assert scheduled.json()["status"] == "scheduled"
    assert scheduled.json()["path"] == f"/{later:%Y/%m/%d}/knicks-sign-a-new-point-guard/"
    cancelled = act(editor, story, "unpublish")
    assert cancelled.json()["status"] == "draft"  # never on the site: a draft again
    assert cancelled.json()["published_at"] is None

    published = act(editor, story, "publish").json()
    assert published["status"] == "published"
    assert published["published_at"] == published["first_published_at"]
    again = act(editor, story, "publish")
    assert (again.status_code, again.json()["type"]) == (409, "already-published")
    assert "already on the site" in again.json()["message"]
    onto_live = act(editor, story, "schedule", published_at=later.isoformat())
    assert (onto_live.status_code, onto_live.json()["type"]) == (409, "already-published")

    clock.advance(timedelta(minutes=10))
    down = act(editor, story, "unpublish").json()
    assert down["status"] == "unpublished"
    nothing = act(editor, story, "unpublish")
    assert (nothing.status_code, nothing.json()["type"]) == (409, "not-published")
    back = act(editor, story, "publish").json()
    assert back["published_at"] == published["published_at"]  # its address stays
    assert back["post_id"] == story["post_id"]

    actions = [e.action for e in audit_rows(runtime) if e.action.startswith("story.")]
    assert actions == [
        "story.created",
        "story.scheduled",
        "story.unpublished",
        "story.published",
        "story.unpublished",
        "story.published",
    ]
    first_publish = audit_rows(runtime, "story.published")[0]
    assert first_publish.before == {"status": "draft", "published_at": None}
    assert first_publish.after is not None and first_publish.after["status"] == "published"


def test_only_a_draft_never_on_the_site_is_deleted(editor: Member, runtime: Runtime) -> None:
    kept = create(editor)
    act(editor, kept, "publish")
    act(editor, kept, "unpublish")
    refused = editor.client.delete(f"{STORIES}/{kept['content_id']}")
    assert (refused.status_code, refused.json()["type"]) == (409, "not-a-draft")

    draft = create(editor, slug="a-draft")
    assert editor.client.delete(f"{STORIES}/{draft['content_id']}").status_code == 204
    gone = editor.client.get(f"{STORIES}/{draft['content_id']}")
    assert (gone.status_code, gone.json()["type"]) == (404, "story-not-found")
    deleted = audit_rows(runtime, "story.deleted")[-1]
    assert deleted.target_id == draft["content_id"] and deleted.after is None
    assert deleted.before is not None and deleted.before["slug"] == "a-draft"


def test_refusals_name_what_to_change(editor: Member, runtime: Runtime) -> None:
    first = create(editor)
    for changes, status, kind, says in [
        ({"brand": "sports"}, 400, "bad-request", "brand"),
        ({"section": "Celebrity"}, 400, "bad-request", 'no section "Celebrity"'),
        ({"slug": "Not A Slug"}, 400, "bad-request", "cannot be used in the story's address"),
        ({"teaser_html": "<script>x</script>"}, 400, "bad-request", "may not contain <script>"),
        ({"access": "members", "body_html": ""}, 400, "bad-request", "members' part"),
        ({"headline": "x" * 201}, 400, "bad-request", "headline"),
        ({"slug": first["slug"]}, 409, "slug-taken", "already has a story at the slug"),
    ]:
        answer = editor.client.post(STORIES, json=story_body(**changes))
        assert (answer.status_code, answer.json()["type"]) == (status, kind), changes
        assert says in answer.json()["message"], answer.json()
    extra = editor.client.post(STORIES, json={**story_body(slug="x"), "status": "published"})
    assert extra.status_code == 400
    assert _count(runtime) == 1
    # The same slug on another brand is another address.
    assert create(editor, brand="lifestyle", section="Food")["slug"] == first["slug"]

    missing = editor.client.put(f"{STORIES}/nope", json=story_body(slug="other"))
    assert (missing.status_code, missing.json()["type"]) == (404, "story-not-found")
    for action in ("publish", "unpublish"):
        assert editor.client.post(f"{STORIES}/nope/{action}").status_code == 404


def test_a_story_once_on_the_site_keeps_its_brand(editor: Member) -> None:
    draft = create(editor)
    moved = editor.client.put(
        f"{STORIES}/{draft['content_id']}", json=story_body(brand="gossip", section="TV")
    )
    assert moved.status_code == 200 and moved.json()["brand"] == "gossip"
    act(editor, draft, "publish")
    refused = editor.client.put(f"{STORIES}/{draft['content_id']}", json=story_body())
    assert (refused.status_code, refused.json()["type"]) == (409, "brand-fixed")


def test_the_list_filters_and_pages_on_the_server(
    editor: Member, runtime: Runtime, clock: FrozenClock
) -> None:
    seed(runtime)  # twelve published demo stories
    draft = create(editor)
    scheduled = create(editor, slug="later")
    act(editor, scheduled, "schedule", published_at=(clock.now() + timedelta(days=1)).isoformat())

    def listed(**query: Any) -> dict[str, Any]:
        answer = editor.client.get(STORIES, params=query)
        assert answer.status_code == 200, answer.text
        assert answer.headers["cache-control"] == "no-store"
        page: dict[str, Any] = answer.json()
        return page

    everything = listed(per_page=5)
    assert (everything["total"], everything["page"], len(everything["items"])) == (14, 1, 5)
    assert everything["items"][0]["content_id"] == scheduled["content_id"]  # last changed first
    assert "body_html" not in everything["items"][0]
    last = listed(per_page=5, page=3)
    assert len(last["items"]) == 4
    seen = [i["content_id"] for p in (1, 2, 3) for i in listed(per_page=5, page=p)["items"]]
    assert len(set(seen)) == 14

    assert [i["content_id"] for i in listed(status="draft")["items"]] == [draft["content_id"]]
    assert [i["content_id"] for i in listed(status="scheduled")["items"]] == [
        scheduled["content_id"]
    ]
    assert listed(status="published")["total"] == 12
    assert listed(status="unpublished")["total"] == 0
    assert listed(brand="gossip")["total"] == 4
    assert listed(brand="main", section="Sports")["total"] == 5  # 3 demo + the two above
    assert listed(brand="main", section="Sports", status="draft")["total"] == 1
    assert listed(page=99)["items"] == []
    for bad in ({"brand": "sports"}, {"status": "live"}, {"per_page": 500}, {"page": 0}):
        assert editor.client.get(STORIES, params=bad).status_code == 400, bad


def test_the_desks_are_the_brands_with_their_sections(editor: Member) -> None:
    desks = editor.client.get(f"{STORIES}/desks").json()["brands"]
    assert [(d["key"], d["name"]) for d in desks] == [
        ("main", "The Masthead"),
        ("gossip", "The Scoop"),
        ("lifestyle", "The Good Life"),
    ]
    assert desks[0]["sections"] == ["News", "Sports", "Metro", "Business"]
