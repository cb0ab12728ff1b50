"""The publisher pages: brands by host, stories at WordPress-like paths, and the
page-provided globals of spec section 3 the islands read."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.articles.demo_content import DEMO_STORIES
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.nonces import nonce_valid
from masthead.settings import Settings
from masthead.site.assets import PAINT_GATE
from tests.site.stories import content_id, demo_story, get_content, page_globals, path_of, seed

MEMBERS = demo_story("main", "members")
FREE = demo_story("main", "free")


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def test_the_home_page_lists_the_brands_stories(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert page.headers["cache-control"] == "private, no-cache"
    assert "<title>The Masthead</title>" in page.text
    for story in DEMO_STORIES:
        linked = f'href="{path_of(story)}"' in page.text
        assert linked == (story.brand == "main"), story.slug


@pytest.mark.parametrize(
    ("host", "name", "colour"),
    [
        ("127.0.0.1:8000", "The Masthead", "#b3121b"),
        ("localhost", "The Masthead", "#b3121b"),
        ("gossip.localhost:8000", "The Scoop", "#b0175a"),
        ("lifestyle.localhost", "The Good Life", "#0b6e69"),
        ("elsewhere.example", "The Masthead", "#b3121b"),
    ],
)
def test_the_brand_comes_from_the_host_name(
    client: TestClient, host: str, name: str, colour: str
) -> None:
    page = client.get("/", headers={"host": host})
    assert f"<title>{name}</title>" in page.text
    assert f"--brand:{colour}" in page.text


def test_a_brand_can_be_forced(settings: Settings, clock: FrozenClock) -> None:
    app: FastAPI = create_app(settings.model_copy(update={"brand": "lifestyle"}), clock)
    with TestClient(app) as forced:
        assert "<title>The Good Life</title>" in forced.get("/").text
    app.state.runtime.engine.dispose()


def test_each_brand_shows_only_its_own_stories(client: TestClient) -> None:
    gossip = demo_story("gossip", "free")
    assert client.get(path_of(gossip), headers={"host": "gossip.localhost"}).status_code == 200
    assert client.get(path_of(gossip)).status_code == 404  # not a main story
    missing = client.get("/2026/11/22/no-such-story/")
    assert missing.status_code == 404
    assert "Page not found" in missing.text


def test_story_paths_are_canonical(client: TestClient) -> None:
    wrong_day = client.get(f"/2020/01/01/{FREE.slug}/", follow_redirects=False)
    assert (wrong_day.status_code, wrong_day.headers["location"]) == (301, path_of(FREE))
    no_slash = client.get(path_of(FREE).rstrip("/"), follow_redirects=False)
    assert (no_slash.status_code, no_slash.headers["location"]) == (301, path_of(FREE))


def test_a_free_story_is_all_in_the_page(client: TestClient) -> None:
    page = client.get(path_of(FREE)).text.replace("&#x27;", "'")
    for paragraph in FREE.teaser + FREE.body:
        assert paragraph[:50] in page
    assert 'id="paywall"' not in page


def test_a_members_story_page_has_the_teaser_and_the_cover(client: TestClient) -> None:
    page = client.get(path_of(MEMBERS)).text.replace("&#x27;", "'")
    assert MEMBERS.headline in page and MEMBERS.teaser[0][:50] in page
    assert 'id="paywall"' in page and "Keep reading with Sports+" in page
    assert 'href="/account/login?redirect=' + path_of(MEMBERS) + '"' in page
    # the segment cookie's hint swaps the call to action for the loader, nothing more
    client.cookies.set("vip-go-seg", "vc-v1__is-subscriber_--_yes")
    hinted = client.get(path_of(MEMBERS)).text
    assert "Loading the full story" in hinted and 'href="/account/subscribe"' in hinted
    for paragraph in MEMBERS.body:
        assert paragraph[:40] not in hinted


def test_the_page_provided_globals(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    found = page_globals(client.get(path_of(MEMBERS)).text)
    settings = found["membership-settings"]
    assert set(settings) == {
        "plans",
        "curation",
        "cookieSettings",
        "spotId",
        "restUrl",
        "nonce",
        "inSupportedRegion",
    }
    assert list(settings["plans"]) == ["sports-monthly", "sports-six-month", "sports-annual"]
    assert settings["plans"]["sports-annual"]["cta_text"] == "Get 1 Year for $39.99"
    assert set(settings["curation"]) >= {"default", "defaultTrial"}
    assert settings["cookieSettings"] == {
        "domain": "",
        "expires": "Fri, 31 Dec 2999 23:59:59 GMT",
        "group": "is-subscriber",
        "name": "vip-go-seg",
        "path": "/",
        "segment": "yes",
    }
    assert settings["spotId"] == "sp_MhMain01"
    assert settings["restUrl"] == "http://testserver/wp-json/"
    assert settings["inSupportedRegion"] is True
    assert nonce_valid(runtime.settings.secret_key, "", "wp_rest", settings["nonce"], clock.now())

    assert found["membership-content"] == {
        "contentId": content_id(MEMBERS),
        "nonce": settings["nonce"],
    }
    assert found["comments-settings"] == {"postId": MEMBERS.post_id, "spotId": "sp_MhMain01"}
    # the page's nonce is the one the content call takes
    assert get_content(client, content_id(MEMBERS), settings["nonce"]).status_code == 401
    home = page_globals(client.get("/").text)
    assert set(home) == {"membership-settings", "site-brand", "comment-counts"}
    assert home["site-brand"]["loadingLabel"] == "Loading the full story\u2026"


def test_text_in_a_global_cannot_end_its_block(client: TestClient, runtime: Runtime) -> None:
    from masthead.articles.models import Article

    with runtime.sessions.begin() as db:
        story = db.get(Article, MEMBERS.post_id)
        assert story is not None
        story.content_id = "</script><script>alert(1)</script>"
    page = client.get(path_of(MEMBERS)).text
    assert "<script>alert(1)" not in page
    assert page_globals(page)["membership-content"]["contentId"].startswith("</script>")


def test_the_account_area_and_other_roots_still_answer(client: TestClient) -> None:
    assert client.get("/account/login").status_code in (200, 503)  # 503: web not built
    assert client.get("/healthz").status_code == 200
    assert client.get("/static/site/.vite/manifest.json").status_code == 404
    assert client.get("/static/site/../../../server/pyproject.toml").status_code == 404


def test_published_dates_are_shown(client: TestClient) -> None:
    page = client.get(path_of(MEMBERS)).text
    published = MEMBERS.published_at.astimezone(UTC)
    assert f'datetime="{published.isoformat()}"' in page
    assert "November 22, 2026" in page
    assert published < datetime(2026, 11, 23, tzinfo=UTC)


def test_nothing_blocks_the_first_paint(
    settings: Settings, clock: FrozenClock, tmp_path: Path
) -> None:
    """One inline style block; the islands last: preloaded (fetched, not run) with the chunk
    they import, and added by the inline paint gate; no other script and no style sheet."""
    built = tmp_path / "dist-site"
    (built / ".vite").mkdir(parents=True)
    (built / "assets").mkdir()
    (built / "assets" / "site-abc.js").write_text("performance.mark('x')")
    (built / ".vite" / "manifest.json").write_text(
        json.dumps(
            {
                "src/site/islands.tsx": {
                    "file": "assets/site-abc.js",
                    "isEntry": True,
                    "imports": ["_react-def.js"],
                },
                "_react-def.js": {"file": "assets/react-def.js"},
            }
        )
    )
    app: FastAPI = create_app(settings.model_copy(update={"site_dist": built}), clock)
    seed(app.state.runtime)
    with TestClient(app) as site:
        page = site.get(path_of(MEMBERS)).text
        tail = page[page.index("</footer>") :]
        assert re.sub(r'<script type="application/json" id="[\w-]+">.*?</script>', "", tail) == (
            '</footer><link rel="modulepreload" href="/static/site/assets/site-abc.js">'
            '<link rel="modulepreload" href="/static/site/assets/react-def.js">'
            f'<script data-src="/static/site/assets/site-abc.js">{PAINT_GATE}</script>'
            "</body></html>"
        )
        assert 'type="module"' not in page
        head = page[: page.index("</head>")]
        assert head.count("<style>") == 1 and "<script" not in head and "stylesheet" not in head
        asset = site.get("/static/site/assets/site-abc.js")
        assert asset.status_code == 200
        assert asset.headers["cache-control"] == "public, max-age=31536000, immutable"
    app.state.runtime.engine.dispose()
