"""A story's rules, pure: what a story may hold, the slug a headline suggests, the status the
console shows, what the audit log keeps of long HTML."""

from __future__ import annotations

import re
import typing
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from masthead.articles import audit_fields, rules
from masthead.articles.demo_content import DEMO_STORIES
from masthead.articles.refusals import StoryError
from masthead.articles.rules import StoryFields, check_story, shown_status, suggest_slug
from masthead.articles.schemas import BrandKey
from masthead.articles.seed import to_article
from masthead.newsroom import DESKS
from masthead.site import render
from masthead.site.brands import BRANDS

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
GOOD = StoryFields(
    brand="gossip",
    section="Real Estate",
    slug="a-penthouse-with-a-view",
    headline="A penthouse with a view",
    standfirst="Forty floors up.",
    author="Sam Scoop",
    access="members",
    teaser_html='<p>It has <a href="/section/tv/">a pool</a>.</p>',
    body_html='<h2 id="price">The price</h2><p>Members know.</p>',
)


@pytest.mark.parametrize(
    ("headline", "slug"),
    [
        (
            "Rangers rally from three down to stun Bruins",
            "rangers-rally-from-three-down-to-stun-bruins",
        ),
        ("  Hello,   World!  ", "hello-world"),
        ("Café owner's 5 tips — for 2027", "cafe-owners-5-tips-for-2027"),
        ("It\u2019s Jay-Z\u2019s night", "its-jay-zs-night"),
        ("\u6771\u4eac", ""),  # nothing to keep: the editor types one
        ("a" * 300, "a" * rules.SLUG_MAX),
    ],
)
def test_a_headline_suggests_a_slug(headline: str, slug: str) -> None:
    assert suggest_slug(headline) == slug
    assert slug == "" or rules.SLUG.fullmatch(slug)


def test_a_good_story_and_every_demo_story_pass() -> None:
    check_story(GOOD)
    check_story(replace(GOOD, access="free", body_html=""))  # a short free story
    for demo in DEMO_STORIES:
        article = to_article(demo, "spot")
        check_story(
            StoryFields(**{n: getattr(article, n) for n in StoryFields.__dataclass_fields__})
        )


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"brand": "sports"}, 'There is no brand "sports". Brands: main, gossip, lifestyle.'),
        ({"section": "Sports"}, 'The Scoop has no section "Sports". Its sections: Celebrity'),
        ({"slug": "Penthouse"}, 'The slug "Penthouse" cannot be used in the story\'s address'),
        ({"slug": "a--b"}, "cannot be used"),
        ({"slug": "-a"}, "cannot be used"),
        ({"slug": "a/b"}, "cannot be used"),
        ({"slug": "caf\u00e9"}, "cannot be used"),
        ({"slug": "a" * (rules.SLUG_MAX + 1)}, "at most 120"),
        ({"headline": " "}, "The headline is empty."),
        ({"headline": "h" * 201}, "The headline is 201 characters long: at most 200"),
        ({"standfirst": "s" * 401}, "The standfirst is 401 characters long"),
        ({"author": ""}, "The author is empty."),
        ({"access": "vip"}, 'Access must be "free" or "members"'),
        ({"teaser_html": "  "}, "The teaser is empty"),
        ({"body_html": ""}, "A members-only story needs its members' part"),
        (
            {"teaser_html": "<p>x</p><script>alert(1)</script>"},
            "The teaser may not contain <script>",
        ),
        ({"body_html": "<h1>Big</h1>"}, "The members' part may not contain <h1> (the page's title"),
        ({"body_html": '<p onclick="x()">x</p>'}, 'The attribute "onclick" on <p> is not allowed'),
        ({"body_html": '<a href="javascript:alert(1)">x</a>'}, "is not allowed"),
        ({"teaser_html": '<p id="paywall">x</p>'}, 'The id "paywall" is already used elsewhere'),
        ({"teaser_html": '<p id="price">x</p>'}, 'The id "price" is already used elsewhere'),
        ({"body_html": '<iframe src="/"></iframe>'}, "may not contain <iframe>"),
    ],
)
def test_what_a_story_may_not_hold(changes: dict[str, str], says: str) -> None:
    with pytest.raises(StoryError) as refused:
        check_story(replace(GOOD, **changes))
    assert refused.value.status == 400
    assert refused.value.type == "bad-request"
    assert refused.value.message.startswith("The story was not saved: ")
    assert says in refused.value.message


def test_a_bad_slug_is_told_the_one_its_headline_suggests() -> None:
    with pytest.raises(StoryError) as refused:
        check_story(replace(GOOD, slug="A Penthouse"))
    assert 'such as "a-penthouse-with-a-view"' in refused.value.message


def test_the_brands_are_the_newsrooms_and_the_sites() -> None:
    assert list(typing.get_args(BrandKey)) == list(DESKS) == list(BRANDS)
    for key, desk in DESKS.items():
        assert (BRANDS[key].name, BRANDS[key].sections, BRANDS[key].spot_id) == (
            desk.name,
            desk.sections,
            desk.spot_id,
        )


def test_the_ids_a_story_may_not_take_are_every_id_of_the_story_page() -> None:
    """The page around a story (render.py) may gain an id: it must be on the list."""
    article = to_article(DEMO_STORIES[0], "spot")
    article.teaser_html = article.body_html = ""
    brand = BRANDS[article.brand]
    html = render.layout(
        brand,
        title="t",
        description="d",
        main=render.story(brand, article, False) + render.story(brand, article, True),
        scripts=None,
    ).page("/", [])
    ids = set(re.findall(r'\sid="([^"]+)"', html))
    blocks = {
        "membership-settings",
        "site-brand",
        "membership-content",
        "comments-settings",
        "comment-counts",
    }
    assert ids | blocks == set(rules.PAGE_IDS)


@pytest.mark.parametrize(
    ("status", "published_at", "shown"),
    [
        ("draft", None, "draft"),
        ("published", NOW, "published"),
        ("published", NOW - timedelta(days=3), "published"),
        ("published", NOW + timedelta(seconds=1), "scheduled"),
        ("unpublished", NOW - timedelta(days=3), "unpublished"),
    ],
)
def test_the_status_the_console_shows(
    status: str, published_at: datetime | None, shown: str
) -> None:
    assert shown_status(status, published_at, NOW) == shown
    assert rules.on_site(status, published_at, NOW) is (shown == "published")


def test_the_audit_log_keeps_short_html_whole_and_long_html_in_brief() -> None:
    assert audit_fields.html_summary("<p>Short.</p>") == "<p>Short.</p>"
    long = "<p>" + "word " * 2000 + "</p>"
    summary = audit_fields.html_summary(long)
    assert summary.startswith("<p>word word") and len(summary) < 200
    assert f"({len(long):,} characters, sha256 " in summary
    edited = long.replace("word </p>", "bird </p>")
    assert audit_fields.html_summary(edited) != summary  # a change deep inside still shows
    before, after = audit_fields.changed(
        {"headline": "A", "slug": "a", "status": "draft"},
        {"headline": "B", "slug": "a", "status": "draft"},
    )
    assert (before, after) == ({"headline": "A"}, {"headline": "B"})
