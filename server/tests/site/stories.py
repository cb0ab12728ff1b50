"""Shared steps for the publisher page and content tests: the demo stories, a page's
globals, the content call."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.articles.demo_content import DEMO_STORIES, DemoStory
from masthead.articles.seed import content_id_for
from masthead.billing.catalog.service import seed_catalogue
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.seed import seed_stories
from masthead.settings import Settings

SITE = "/wp-json/nyp-membership/v1"
_BLOCK = re.compile(r'<script type="application/json" id="([\w-]+)">(.*?)</script>', re.S)


def seed(runtime: Runtime) -> None:
    seed_catalogue(runtime)
    seed_stories(runtime)


def app_with_built_islands(
    settings: Settings, clock: FrozenClock, tmp_path: Path, entries: dict[str, str]
) -> FastAPI:
    """An app with the demo stories whose site build is a manifest of these entries (source ->
    built file): what the paint gate adds to each page, without building anything."""
    built = tmp_path / "dist-site"
    (built / ".vite").mkdir(parents=True)
    manifest = {source: {"file": file, "isEntry": True} for source, file in entries.items()}
    (built / ".vite" / "manifest.json").write_text(json.dumps(manifest))
    app = create_app(settings.model_copy(update={"site_dist": built}), clock)
    seed(app.state.runtime)
    return app


def demo_story(brand: str, access: str) -> DemoStory:
    return next(s for s in DEMO_STORIES if s.brand == brand and s.access == access)


def path_of(story: DemoStory) -> str:
    day = story.published_at
    return f"/{day:%Y/%m/%d}/{story.slug}/"


def content_id(story: DemoStory) -> str:
    return content_id_for(story.brand, story.slug)


def page_globals(html: str) -> dict[str, Any]:
    """The page's JSON data blocks by id."""
    return {name: json.loads(payload) for name, payload in _BLOCK.findall(html)}


def page_nonce(client: TestClient, path: str = "/", host: str | None = None) -> str:
    headers = {"host": host} if host else {}
    response = client.get(path, headers=headers)
    assert response.status_code == 200, response.text
    nonce: str = page_globals(response.text)["membership-settings"]["nonce"]
    return nonce


def engine_entitlement(client: TestClient) -> dict[str, bool]:
    """The entitlement check as the page's islands ask it (the decision engine)."""
    body = {"sdkFeatureSlug": "membership-entitlement-check", "path": "/", "session": None}
    response = client.post("/zephr/decision-engine", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    return {"loggedIn": answer["loggedIn"], "entitled": answer["outputValue"]}


def get_content(client: TestClient, cid: str, nonce: str | None, **kwargs: Any) -> Any:
    headers = kwargs.pop("headers", {})
    # None sends no nonce: an empty header stops the client fixture from adding the page's.
    headers["X-WP-Nonce"] = "" if nonce is None else nonce
    return client.get(f"{SITE}/content/{cid}", headers=headers, **kwargs)
