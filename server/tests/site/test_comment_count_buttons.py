"""The comment-count buttons (spec section 2): one per story in the home and section lists
and in a story's share area, each a link to the story's comments; the pages with buttons
carry the `comment-counts` global and add the counts script through the paint gate."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from masthead.articles.demo_content import DEMO_STORIES
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.settings import Settings
from masthead.site.assets import PAINT_GATE
from masthead.site.page_globals import comment_counts_globals
from tests.site.stories import app_with_built_islands, demo_story, page_globals, path_of, seed

FREE = demo_story("main", "free")
_BUTTON = re.compile(
    r'<a class="comment-count" href="([^"]+)">.*?<span data-comment-count="(\d+)"></span>'
    r'<span class="visually-hidden" data-comment-label>Comments</span></a>'
)


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def test_the_lists_have_a_button_per_story(client: TestClient) -> None:
    for path in ("/", "/section/sports/"):
        page = client.get(path).text
        buttons = _BUTTON.findall(page)
        listed = [s for s in DEMO_STORIES if f'href="{path_of(s)}"' in page]
        assert listed and buttons == [(f"{path_of(s)}#comments", str(s.post_id)) for s in listed]
        assert page_globals(page)["comment-counts"] == {
            "spotId": "sp_MhMain01",
            "hashOverride": True,  # the tests' server is not production
        }
    gossip = client.get("/", headers={"host": "gossip.localhost"}).text
    assert page_globals(gossip)["comment-counts"]["spotId"] == "sp_MhGossip1"


def test_a_story_has_a_button_that_leads_to_its_comments(client: TestClient) -> None:
    page = client.get(path_of(FREE)).text
    share = page[page.index('<div class="story__share">') :]
    assert _BUTTON.match(share[len('<div class="story__share">') :]).groups() == (  # type: ignore[union-attr]
        f"{path_of(FREE)}#comments",
        str(FREE.post_id),
    )
    assert '<section class="comments" id="comments" aria-labelledby="comments-heading">' in page
    assert f'<span class="comments__count" data-comment-count="{FREE.post_id}">' in page
    blocks = page_globals(page)
    assert blocks["comment-counts"]["spotId"] == blocks["comments-settings"]["spotId"]


def test_pages_without_buttons_have_no_counts_global(client: TestClient) -> None:
    missing = client.get("/no/such/page/")
    assert missing.status_code == 404
    assert "comment-counts" not in page_globals(missing.text)
    assert "data-comment-count" not in missing.text


def test_production_pages_take_no_hash_override(settings: Settings) -> None:
    production = settings.model_copy(update={"environment": "production"})
    assert comment_counts_globals("sp_x", production) == {"spotId": "sp_x", "hashOverride": False}


def test_the_gate_adds_the_counts_script_on_pages_with_buttons(
    settings: Settings, clock: FrozenClock, tmp_path: Path
) -> None:
    app = app_with_built_islands(
        settings,
        clock,
        tmp_path,
        {
            "src/site/islands.tsx": "assets/site-abc.js",
            "src/site/commentCounts.ts": "assets/counts-xyz.js",
        },
    )
    both = (
        '<link rel="modulepreload" href="/static/site/assets/counts-xyz.js">'
        '<link rel="modulepreload" href="/static/site/assets/site-abc.js">'
        '<script data-src="/static/site/assets/counts-xyz.js /static/site/assets/site-abc.js">'
        f"{PAINT_GATE}</script>"
    )
    with TestClient(app) as site:
        for path in ("/", "/section/news/", path_of(FREE)):
            assert both in site.get(path).text, path
        static = site.get("/no/such/page/").text  # no buttons: the islands alone
        assert "counts-xyz" not in static
        assert f'<script data-src="/static/site/assets/site-abc.js">{PAINT_GATE}' in static
    app.state.runtime.engine.dispose()
