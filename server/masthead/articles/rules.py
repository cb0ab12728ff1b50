"""A story's rules, pure: what a story may hold (brand and section, slug, lengths, the HTML of
its two parts, access), the slug a headline suggests, and the status a reader of the console
sees (a published story whose time has not come is scheduled)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from masthead.articles.models import DRAFT, FREE, MEMBERS, PUBLISHED, UNPUBLISHED
from masthead.articles.refusals import bad_story
from masthead.html_rules import PageHtmlError, check_body
from masthead.newsroom import DESKS

SCHEDULED = "scheduled"  # shown, never stored: PUBLISHED with a published_at to come
STATUSES = (DRAFT, SCHEDULED, PUBLISHED, UNPUBLISHED)
ACCESS = (FREE, MEMBERS)

HEADLINE_MAX = 200
STANDFIRST_MAX = 400
AUTHOR_MAX = 120
SLUG_MAX = 120
HTML_MAX = 200_000
# Lowercase words of letters and digits joined by single hyphens: safe in a URL as it is.
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# The ids the story page itself gives its elements (site/render.py, the islands' mount
# points and data blocks): a story's HTML may not take one, or an island would find the
# story's element instead of its own (tests/articles check the page against this list).
PAGE_IDS = (
    "main",
    "story-body",
    "paywall",
    "paywall-heading",
    "membership-subtext",
    "membership-menu",
    "main-menu-account",
    "membership-settings",
    "site-brand",
    "membership-content",
    "comments-settings",
    "comment-counts",
    "comments",  # the story's comments section, where its comment-count buttons lead
    "comments-heading",
    "comments-thread",  # where the comments client (web/src/comments/) draws the thread
)


@dataclass(frozen=True)
class StoryFields:
    """What an editor (or a CMS) writes of a story."""

    brand: str
    section: str
    slug: str
    headline: str
    standfirst: str
    author: str
    access: str
    teaser_html: str
    body_html: str


def suggest_slug(headline: str) -> str:
    """The slug a headline suggests: its letters and digits, lowercased and without accents,
    words joined by hyphens (web/src/admin/stories/slug.ts does the same in the editor)."""
    plain = unicodedata.normalize("NFKD", headline).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", plain.lower().replace("'", "").replace("\u2019", ""))
    slug = "-".join(words)[:SLUG_MAX].strip("-")
    return slug


def check_story(fields: StoryFields) -> None:
    """Raises StoryError (400) naming the first thing to change."""
    desk = DESKS.get(fields.brand)
    if desk is None:
        raise bad_story(f'There is no brand "{fields.brand}". Brands: {", ".join(DESKS)}.')
    if fields.section not in desk.sections:
        raise bad_story(
            f'{desk.name} has no section "{fields.section}". Its sections: '
            f"{', '.join(desk.sections)}."
        )
    if not SLUG.fullmatch(fields.slug) or len(fields.slug) > SLUG_MAX:
        raise bad_story(
            f'The slug "{fields.slug[:80]}" cannot be used in the story\'s address: use '
            f"lowercase letters, digits and single hyphens between words (at most {SLUG_MAX}), "
            f'such as "{suggest_slug(fields.headline) or "city-council-votes-on-budget"}".'
        )
    _check_text("headline", fields.headline, HEADLINE_MAX)
    _check_text("standfirst", fields.standfirst, STANDFIRST_MAX)
    _check_text("author", fields.author, AUTHOR_MAX)
    if fields.access not in ACCESS:
        raise bad_story(f'Access must be "free" or "members", not "{fields.access[:20]}".')
    if not fields.teaser_html.strip():
        raise bad_story("The teaser is empty: every visitor reads it, so it needs some text.")
    if fields.access == MEMBERS and not fields.body_html.strip():
        raise bad_story(
            "A members-only story needs its members' part: the text after the teaser that "
            "only members read."
        )
    try:
        teaser_ids = check_body(fields.teaser_html, what="The teaser", taken_ids=PAGE_IDS)
        check_body(fields.body_html, what="The members' part", taken_ids=(*PAGE_IDS, *teaser_ids))
    except PageHtmlError as exc:
        raise bad_story(str(exc)) from None


def _check_text(name: str, value: str, most: int) -> None:
    if not value.strip():
        raise bad_story(f"The {name} is empty.")
    if len(value) > most:
        raise bad_story(f"The {name} is {len(value)} characters long: at most {most}, please.")


def shown_status(status: str, published_at: datetime | None, now: datetime) -> str:
    """The status the console shows: a published story whose time is still to come is
    scheduled."""
    if status == PUBLISHED and published_at is not None and published_at > now:
        return SCHEDULED
    return status


def on_site(status: str, published_at: datetime | None, now: datetime) -> bool:
    """Whether readers see it now (the site's reads ask the same: repository.on_site)."""
    return status == PUBLISHED and published_at is not None and published_at <= now
