"""The story's comments section (issue 15): the thread's place, filled by the comments client
that the paint gate adds on story pages only (not preloaded), and the prompt to log in that
brings the reader back to the story."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.settings import Settings
from masthead.site.assets import PAINT_GATE
from tests.site.stories import app_with_built_islands, demo_story, page_globals, path_of, seed

FREE = demo_story("main", "free")


def test_the_section_has_the_threads_place_and_the_login_prompt(client: TestClient) -> None:
    seed(client.app.state.runtime)  # type: ignore[attr-defined]
    page = client.get(path_of(FREE)).text
    assert '<div class="comments__thread" id="comments-thread"></div>' in page
    login = f'<a href="/account/login?redirect={path_of(FREE)}">Log in to join the conversation</a>'
    assert login in page
    assert "will appear here" not in page


def test_the_gate_adds_the_thread_script_on_story_pages_only(
    settings: Settings, clock: FrozenClock, tmp_path: Path
) -> None:
    app = app_with_built_islands(
        settings,
        clock,
        tmp_path,
        {
            "src/site/islands.tsx": "assets/site-abc.js",
            "src/site/commentCounts.ts": "assets/counts-xyz.js",
            "src/site/commentsLauncher.ts": "assets/thread-q.js",
        },
    )
    gate = (
        '<script data-src="/static/site/assets/counts-xyz.js /static/site/assets/site-abc.js '
        f'/static/site/assets/thread-q.js">{PAINT_GATE}</script>'
    )
    with TestClient(app) as site:
        story = site.get(path_of(FREE)).text
        assert gate in story
        assert 'modulepreload" href="/static/site/assets/thread-q.js"' not in story
        for path in ("/", "/section/news/"):
            assert "thread-q" not in site.get(path).text, path
    app.state.runtime.engine.dispose()


def test_the_comments_settings_name_the_webhook_target_when_the_site_has_one(
    settings: Settings, clock: FrozenClock, tmp_path: Path
) -> None:
    """The comments client forwards its widget events (spec section 7) through the site API's
    webhook, which takes only this site's targets: the page names the first."""
    targets = ["https://hooks.example/comments", "https://hooks.example/other"]
    configured = settings.model_copy(update={"webhook_targets": targets})
    app = app_with_built_islands(configured, clock, tmp_path, {})
    with TestClient(app) as site:
        found = page_globals(site.get(path_of(FREE)).text)["comments-settings"]
    assert found["webhookTarget"] == "https://hooks.example/comments"
    app.state.runtime.engine.dispose()
