"""The site shows a story only while it is published and its time has come: a draft, an
unpublished story and a story scheduled for later have no page, no place in the lists and no
body to release; a scheduled story appears by itself when its time comes; an edit shows on
the next page. The console's preview shows any story to an editor alone."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.articles.helpers import STORIES, act, content_call, create, site_page, story_body
from tests.billing.api_helpers import nonce, setup, sign_in, subscribe
from tests.site.stories import page_globals
from tests.staff.conftest import Member, staff_member

HEADLINE = "Knicks sign a new point guard"
TEASER = "The Knicks have a new point guard."
MEMBERS_PART = "Members read the terms of the deal here."


def _listed(client: TestClient, text: str = HEADLINE) -> bool:
    return text in client.get("/").text and text in client.get("/section/sports/").text


def _as_draft_path(story: dict[str, Any], clock: FrozenClock) -> str:
    """Where a story of today would be, for a story without a date."""
    return f"/{clock.now():%Y/%m/%d}/{story['slug']}/"


def _subscribe(reader: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(reader, "member@example.com")
    assert subscribe(reader, "sports-annual", nonce(sandbox)).status_code == 200


def test_a_draft_is_nowhere_on_the_site(
    editor: Member, client: TestClient, clock: FrozenClock
) -> None:
    story = create(editor)
    page = client.get(_as_draft_path(story, clock))
    assert page.status_code == 404 and "Page not found" in page.text
    assert not _listed(client)
    answer = content_call(client, story["content_id"])
    assert (answer.status_code, answer.json()["type"]) == (404, "content-not-found")


def test_a_published_members_story_is_behind_the_paywall(
    editor: Member, client: TestClient, runtime: Runtime
) -> None:
    story = act(editor, create(editor), "publish").json()
    page = site_page(client, story)
    assert page.status_code == 200
    assert TEASER in page.text and 'id="paywall"' in page.text
    assert MEMBERS_PART not in page.text
    found = page_globals(page.text)
    assert found["membership-content"]["contentId"] == story["content_id"]
    assert found["comments-settings"] == {"postId": story["post_id"], "spotId": "sp_MhMain01"}
    assert _listed(client)
    anonymous = content_call(client, story["content_id"])
    assert (anonymous.status_code, anonymous.json()["type"]) == (401, "unauthorized")

    _subscribe(client, runtime)
    released = content_call(client, story["content_id"])
    assert released.status_code == 200, released.text
    assert released.json() == {"content": f"<p>{MEMBERS_PART}</p>"}


def test_a_free_story_is_whole_on_its_page(editor: Member, client: TestClient) -> None:
    story = act(editor, create(editor, access="free"), "publish").json()
    page = site_page(client, story).text
    assert TEASER in page and MEMBERS_PART in page and 'id="paywall"' not in page
    assert content_call(client, story["content_id"]).json() == {"content": f"<p>{MEMBERS_PART}</p>"}


def test_an_unpublished_story_is_gone_and_releases_nothing(
    editor: Member, client: TestClient, runtime: Runtime
) -> None:
    story = act(editor, create(editor), "publish").json()
    _subscribe(client, runtime)
    assert content_call(client, story["content_id"]).status_code == 200
    act(editor, story, "unpublish")
    assert site_page(client, story).status_code == 404
    assert not _listed(client)
    for reader in (client, TestClient(client.app, base_url="http://testserver")):
        refused = content_call(reader, story["content_id"])  # a member and a stranger
        assert (refused.status_code, refused.json()["type"]) == (404, "content-not-found")
        assert MEMBERS_PART not in refused.text
    act(editor, story, "publish")
    assert site_page(client, story).status_code == 200


def test_a_scheduled_story_appears_by_itself_when_its_time_comes(
    editor: Member, client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    at = clock.now() + timedelta(minutes=20)
    story = act(editor, create(editor, access="free"), "schedule", published_at=at.isoformat())
    story = story.json()
    assert site_page(client, story).status_code == 404
    assert not _listed(client)
    assert content_call(client, story["content_id"]).status_code == 404

    clock.advance(timedelta(minutes=19, seconds=59))
    assert site_page(client, story).status_code == 404
    clock.advance(timedelta(seconds=1))  # its time: no job ran, the reads ask the time
    assert site_page(client, story).status_code == 200
    assert _listed(client)
    assert content_call(client, story["content_id"]).status_code == 200
    shown = editor.client.get(f"{STORIES}/{story['content_id']}").json()
    assert shown["status"] == "published"
    # Taken down after it went up by itself: it has been on the site, so it is kept.
    assert act(editor, story, "unpublish").json()["status"] == "unpublished"
    refused = editor.client.delete(f"{STORIES}/{story['content_id']}")
    assert refused.status_code == 409


def test_an_edited_story_shows_its_new_text_on_the_next_page(
    editor: Member, client: TestClient
) -> None:
    story = act(editor, create(editor, access="free"), "publish").json()
    assert HEADLINE in site_page(client, story).text  # the page's layout is kept now
    edited = editor.client.put(
        f"{STORIES}/{story['content_id']}",
        json=story_body(
            access="free",
            headline="Knicks land their point guard",
            teaser_html="<p>A corrected teaser.</p>",
            body_html="<p>A corrected rest.</p>",
        ),
    )
    assert edited.status_code == 200
    page = site_page(client, story).text
    assert "<title>Knicks land their point guard | The Masthead</title>" in page
    assert "A corrected teaser." in page and "A corrected rest." in page
    assert TEASER not in page and HEADLINE not in page
    assert content_call(client, story["content_id"]).json() == {
        "content": "<p>A corrected rest.</p>"
    }
    assert "Knicks land their point guard" in client.get("/").text


def test_the_preview_shows_a_draft_to_editors_as_a_member_reads_it(
    editor: Member, client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    story = create(editor)
    answer = editor.client.get(f"{STORIES}/{story['content_id']}/preview")
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    html = answer.json()["html"]
    assert html.startswith("<!doctype html>")
    assert TEASER in html and MEMBERS_PART in html  # the whole story
    assert 'id="paywall"' not in html and "<script" not in html
    assert "Preview (draft)" in html and "Readers cannot see it" in html
    assert f"<title>Preview: {HEADLINE} | The Masthead</title>" in html
    # Nothing became public.
    assert client.get(_as_draft_path(story, clock)).status_code == 404
    assert content_call(client, story["content_id"]).status_code == 404

    support = staff_member(client.app, runtime, clock, "support@example.com", ["support"])  # type: ignore[arg-type]
    for other in (support.client, client):
        refused = other.get(f"{STORIES}/{story['content_id']}/preview")
        assert refused.status_code in (401, 403)
        assert MEMBERS_PART not in refused.text
    missing = editor.client.get(f"{STORIES}/nope/preview")
    assert (missing.status_code, missing.json()["type"]) == (404, "story-not-found")


def test_a_story_on_another_brand_is_on_that_brands_site(
    editor: Member, client: TestClient
) -> None:
    story = act(editor, create(editor, brand="gossip", section="TV"), "publish").json()
    assert site_page(client, story).status_code == 404  # not on the main brand's site
    page = site_page(client, story, host="gossip.localhost")
    assert page.status_code == 200 and "| The Scoop</title>" in page.text
    assert page_globals(page.text)["comments-settings"]["spotId"] == "sp_MhGossip1"
    assert HEADLINE in client.get("/", headers={"host": "gossip.localhost"}).text


def test_the_preview_of_unsaved_text_stores_nothing(
    editor: Member, client: TestClient, runtime: Runtime
) -> None:
    body = story_body(headline="Not saved yet", body_html="<p>Unsaved members' part.</p>")
    answer = editor.client.post(f"{STORIES}/preview", json=body)
    assert answer.status_code == 200, answer.text
    html = answer.json()["html"]
    assert "Not saved yet" in html and "Unsaved members&#x27; part." not in html
    assert "Unsaved members' part." in html  # the publisher's own HTML, as it is
    assert "Preview (not saved)" in html and "it is not saved" in html
    assert editor.client.get(STORIES).json()["total"] == 0
    bad = editor.client.post(f"{STORIES}/preview", json=story_body(teaser_html="<script></script>"))
    assert (bad.status_code, bad.json()["type"]) == (400, "bad-request")
    assert "may not contain <script>" in bad.json()["message"]
    refused = client.post(f"{STORIES}/preview", json=body, headers={"Origin": "http://testserver"})
    assert refused.status_code == 401
