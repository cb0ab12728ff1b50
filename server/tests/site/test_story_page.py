"""The story page reads the story and the plans for every request (site/repository.py) and
keeps only what those rows decide (pages._story_layout, page_globals._shared_settings): an
edit shows on the very next page, and what is kept never outlives its rows."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from masthead.articles.models import MEMBERS as MEMBERS_ONLY
from masthead.articles.models import Article
from masthead.billing.api import BillingPlan
from masthead.deps import Runtime
from tests.site.stories import SITE, demo_story, page_globals, path_of, seed

MEMBERS = demo_story("main", "members")
FREE = demo_story("main", "free")
_SETTINGS = re.compile(r'<script type="application/json" id="membership-settings">(.*?)</script>')


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def _edit_story(runtime: Runtime, post_id: int, **values: object) -> None:
    with runtime.sessions.begin() as db:
        db.execute(update(Article).where(Article.post_id == post_id).values(**values))


def _edit_plans(runtime: Runtime, **values: object) -> None:
    with runtime.sessions.begin() as db:
        db.execute(update(BillingPlan).values(**values))


def test_an_edited_story_shows_on_the_next_page(client: TestClient, runtime: Runtime) -> None:
    before = client.get(path_of(FREE)).text
    assert FREE.headline.replace("'", "&#x27;") in before
    _edit_story(runtime, FREE.post_id, headline="Corrected headline", teaser_html="<p>New.</p>")
    after = client.get(path_of(FREE)).text
    assert "<title>Corrected headline | The Masthead</title>" in after
    assert "<p>New.</p>" in after and FREE.headline.replace("'", "&#x27;") not in after
    # Made members-only: the cover, and the body is no longer in the page.
    _edit_story(runtime, FREE.post_id, access=MEMBERS_ONLY, body_html="<p>Members part.</p>")
    covered = client.get(path_of(FREE)).text
    assert 'id="paywall"' in covered and "Members part." not in covered


def test_an_edited_plan_shows_on_the_next_page(client: TestClient, runtime: Runtime) -> None:
    plans = page_globals(client.get(path_of(MEMBERS)).text)["membership-settings"]["plans"]
    assert plans["sports-annual"]["amount"] == "39.99"
    with runtime.sessions.begin() as db:
        db.execute(
            update(BillingPlan)
            .where(BillingPlan.id == "sports-annual")
            .values(amount=Decimal("29.99"))
        )
    page = page_globals(client.get(path_of(MEMBERS)).text)["membership-settings"]
    assert page["plans"]["sports-annual"]["amount"] == "29.99"
    assert page["plans"] == client.get(f"{SITE}/plans").json()


@pytest.mark.parametrize("path", [path_of(MEMBERS), "/2026/11/22/no-such-story/"])
def test_without_an_enabled_plan_the_pages_still_answer(
    client: TestClient, runtime: Runtime, path: str
) -> None:
    _edit_plans(runtime, enabled=False)
    page = client.get(path)
    assert page.status_code in (200, 404)
    assert page_globals(page.text)["membership-settings"]["plans"] == {}


def test_the_settings_block_is_compact_json_in_the_globals_order(client: TestClient) -> None:
    """Kept and per-request members are joined into one object: the text json.dumps gives."""
    for cookie in ("", "vip-go-seg=vc-v1__is-subscriber_--_yes"):
        page = client.get(path_of(MEMBERS), headers={"cookie": cookie} if cookie else {}).text
        found = _SETTINGS.search(page)
        assert found is not None
        value = json.loads(found.group(1))
        assert list(value) == [
            "plans",
            "curation",
            "cookieSettings",
            "spotId",
            "restUrl",
            "nonce",
            "inSupportedRegion",
        ]
        assert found.group(1) == json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


def test_each_brand_and_reader_gets_its_own_page(client: TestClient) -> None:
    """What is kept is keyed by brand, story and hint: none leaks into another's page."""
    gossip = demo_story("gossip", "members")
    scoop = client.get(path_of(gossip), headers={"host": "gossip.localhost"}).text
    assert "<title>" in scoop and "| The Scoop</title>" in scoop
    assert page_globals(scoop)["site-brand"]["key"] == "gossip"
    assert page_globals(scoop)["membership-settings"]["spotId"] == "sp_MhGossip1"
    plain = client.get(path_of(MEMBERS)).text
    client.cookies.set("vip-go-seg", "vc-v1__is-subscriber_--_yes")
    hinted = client.get(path_of(MEMBERS)).text
    assert 'class="loader"' in hinted and 'class="loader"' not in plain
    assert page_globals(plain)["site-brand"]["key"] == "main"


@pytest.mark.parametrize("slug", ["a%00b", "%00"])
def test_a_nul_in_the_slug_is_the_missing_page(client: TestClient, slug: str) -> None:
    page = client.get(f"/2026/11/22/{slug}/")
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "Page not found" in page.text


def test_only_get_is_answered(client: TestClient) -> None:
    assert client.post(path_of(FREE)).status_code == 405
