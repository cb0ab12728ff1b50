"""Shared steps for the stories' tests: a story's body as an editor writes it, an editor
signed in to the console, the operator API's key, the site's view of a story."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi.testclient import TestClient

from tests.site.stories import SITE, page_globals
from tests.staff.conftest import Member

STORIES = "/admin/api/stories"
OPERATOR = "/operator/v1/stories"
KEY = "test-stories-key"
EDITOR = "editor@example.com"


def story_body(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "brand": "main",
        "section": "Sports",
        "slug": "knicks-sign-a-new-point-guard",
        "headline": "Knicks sign a new point guard",
        "standfirst": "A two-year deal, and a promise of more minutes.",
        "author": "Jo Reporter",
        "access": "members",
        "teaser_html": "<p>The Knicks have a new point guard.</p>",
        "body_html": "<p>Members read the terms of the deal here.</p>",
    }
    return {**body, **changes}


def create(member: Member, **changes: Any) -> dict[str, Any]:
    answer = member.client.post(STORIES, json=story_body(**changes))
    assert answer.status_code == 201, answer.text
    story: dict[str, Any] = answer.json()
    return story


def act(member: Member, story: dict[str, Any], action: str, **body: Any) -> Any:
    path = f"{STORIES}/{story['content_id']}/{action}"
    return member.client.post(path, json=body) if body else member.client.post(path)


def path_on(published_at: datetime | str, slug: str) -> str:
    day = datetime.fromisoformat(published_at) if isinstance(published_at, str) else published_at
    return f"/{day:%Y/%m/%d}/{slug}/"


def site_page(client: TestClient, story: dict[str, Any], host: str | None = None) -> Any:
    """The story's page as a visitor asks for it (at the date its answer names)."""
    headers = {"host": host} if host else {}
    return client.get(story["path"], headers=headers)


def content_call(client: TestClient, content_id: str) -> Any:
    """The paywall's content call with the nonce of a page (the home page's)."""
    nonce = page_globals(client.get("/").text)["membership-settings"]["nonce"]
    return client.get(f"{SITE}/content/{content_id}", headers={"X-WP-Nonce": nonce})
