"""HTML of the publisher pages: the whole page in one response, the story's text in it, the
islands' mount points empty or holding what works without JavaScript.

Every value is escaped except the stories' teaser and body, which are the publisher's own
HTML from the articles table.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from html import escape
from typing import NamedTuple
from urllib.parse import quote

from masthead.articles.api import MEMBERS, Article
from masthead.site.assets import PAINT_GATE, IslandScripts
from masthead.site.brands import MEMBERSHIP, Brand, favicon_path
from masthead.site.page_css import PAGE_CSS
from masthead.site.repository import Story

SUBSCRIBE_PATH = "/account/subscribe"
STATIC_LINKS = (
    ("/membership-terms", "Membership terms"),
    ("/terms/", "Terms"),
    ("/privacy/", "Privacy"),
)


END_SPOT = '<aside class="cta-spot" data-cta-spot="article-end" aria-label="Membership"></aside>'


def published(article: Story) -> datetime:
    """Its date: every story the site draws has one (it is on the site: articles.on_site)."""
    day = article.published_at
    if day is None:
        raise ValueError(f"The story {article.content_id} has no date: it is not on the site.")
    return day


def article_path(article: Story) -> str:
    day = published(article)
    return f"/{day.year:04d}/{day.month:02d}/{day.day:02d}/{article.slug}/"


def section_path(brand: Brand, section: str) -> str:
    return f"/section/{brand.section_slug(section)}/"


def _date(value: datetime) -> str:
    return f"{value:%B} {value.day}, {value.year}"


def login_href(return_to: str) -> str:
    return f"/account/login?redirect={quote(return_to, safe='/')}"


# A speech bubble: the comment-count buttons' icon (decorative: the text names the button).
_BUBBLE = (
    '<svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">'
    '<path fill="currentColor" d="M2 2h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6l-3.5 3v-3H2a1 1 0 '
    '0 1-1-1V3a1 1 0 0 1 1-1z"/></svg>'
)


def comment_count_button(article: Story) -> str:
    """The comment-count button of a story: a link to its comments. The number and its
    word are filled by the page's counts script (web/src/site/commentCounts.ts), one request
    for every story on the page; without it the button reads "Comments"."""
    return (
        f'<a class="comment-count" href="{article_path(article)}#comments">{_BUBBLE}'
        f'<span data-comment-count="{article.post_id}"></span>'
        '<span class="visually-hidden" data-comment-label>Comments</span></a>'
    )


def comments_section(article: Story) -> str:
    """Where the share area's button leads: the story's comments. The comments client
    (web/src/comments, loaded by web/src/site/commentsLauncher.ts) fills the thread's place
    as the reader nears it, and says the prompt to log in itself; this one is for pages
    without script, and brings the reader back to the story."""
    return (
        '<section class="comments" id="comments" aria-labelledby="comments-heading">'
        '<h2 id="comments-heading">Comments <span class="comments__count" '
        f'data-comment-count="{article.post_id}"></span></h2>'
        '<div class="comments__thread" id="comments-thread"></div>'
        f'<p class="comments__join"><a href="{login_href(article_path(article))}">'
        "Log in to join the conversation</a></p></section>"
    )


def favicon_link(brand: Brand) -> str:
    """The brand's icon: every HTML page names it, so no browser asks for a missing one."""
    return f'<link rel="icon" href="{favicon_path(brand)}" type="image/svg+xml">'


def _header(brand: Brand) -> str:
    sections = "".join(
        f'<li><a href="{section_path(brand, s)}">{escape(s)}</a></li>' for s in brand.sections
    )
    return (
        '<a class="skip-link" href="#main">Skip to content</a>'
        '<header class="site-header"><div class="site-header__bar">'
        f'<a class="site-header__brand" href="/">{escape(brand.name)}</a>'
        f'<span class="site-header__tagline">{escape(brand.tagline)}</span>'
        # Without JavaScript the membership menu is a link to the payflow.
        f'<div class="membership-menu" id="membership-menu"><a class="membership-menu__toggle" '
        f'href="{SUBSCRIBE_PATH}">{MEMBERSHIP}</a></div>'
        "</div>"
        '<nav class="main-menu" aria-label="Main menu"><ul class="main-menu__list">'
        f'<li><a href="/">Home</a></li>{sections}'
        '<li class="main-menu__account" id="main-menu-account"></li>'
        "</ul></nav></header>"
    )


def _footer(brand: Brand) -> str:
    links = "".join(f'<a href="{href}">{escape(text)}</a>' for href, text in STATIC_LINKS)
    return (
        f'<footer class="site-footer"><p>&copy; 2026 {escape(brand.name)}</p>'
        f'<nav aria-label="Legal">{links}</nav></footer>'
    )


class Layout(NamedTuple):
    """A whole page but for what differs per request: the canonical address (scheme and host
    are the request's) and the data blocks (the nonce is the session's). The islands come
    last, after the data blocks: modulepreload fetches them without running anything, and the
    paint gate adds their module once the story is painted."""

    head: str  # up to the canonical link's address
    body: str  # from after that address to the data blocks
    end: str  # the islands and the closing tags

    def page(self, canonical: str, data_blocks: Sequence[str]) -> str:
        return f"{self.head}{escape(canonical)}{self.body}{''.join(data_blocks)}{self.end}"


def layout(
    brand: Brand,
    *,
    title: str,
    description: str,
    main: str,
    scripts: IslandScripts | None,
    counts: bool = False,
    thread: bool = False,
) -> Layout:
    """The page around `main`. `counts`: main has comment-count buttons, so the page adds
    the counts script too (through the paint gate, as the islands: after the first paint).
    `thread`: main has a story's comments section, so the page adds the thread script, also
    after the first paint and not preloaded (it fetches nothing until the reader nears the
    comments, so its bytes need not compete with the story's)."""
    colours = (
        f":root{{--brand:{brand.primary};--ink:{brand.ink};--tint:{brand.tint};"
        f"--loader:{brand.loader_colour};--focus:{brand.ink}}}"
    )
    module = ""
    if scripts is not None:
        gated = [scripts.entry]
        if counts and scripts.counts:
            gated.insert(0, scripts.counts)  # tiny, and its request need not wait for React
        preloads = [*gated[:-1], *scripts.preloads]
        if thread and scripts.thread:
            gated.append(scripts.thread)
        module = "".join(f'<link rel="modulepreload" href="{escape(p)}">' for p in preloads)
        # The paint gate adds each module data-src names (separated by spaces).
        module += f'<script data-src="{escape(" ".join(gated))}">{PAINT_GATE}</script>'
    return Layout(
        '<!doctype html><html lang="en" data-brand="' + brand.key + '"><head>'
        '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        f'<meta name="description" content="{escape(description)}">'
        '<link rel="canonical" href="',
        f'">{favicon_link(brand)}'
        f"<style>{colours}{PAGE_CSS}</style></head><body>"
        f'{_header(brand)}<main id="main">{main}</main>{_footer(brand)}',
        f"{module}</body></html>",
    )


def _card(brand: Brand, article: Article) -> str:
    badge = (
        f' <span class="badge"><span class="visually-hidden">For </span>{MEMBERSHIP}'
        '<span class="visually-hidden"> members</span></span>'
        if article.access == MEMBERS
        else ""
    )
    return (
        '<li class="story-card"><p class="story__section">'
        f'<a href="{section_path(brand, article.section)}">{escape(article.section)}</a></p>'
        f'<h2><a href="{article_path(article)}">{escape(article.headline)}</a>{badge}</h2>'
        f"<p>{escape(article.standfirst)}</p>"
        f'<p class="story__byline">By {escape(article.author)} &middot; '
        f'<time datetime="{published(article).isoformat()}">'
        f"{_date(published(article))}</time> {comment_count_button(article)}</p></li>"
    )


def story_list(brand: Brand, heading: str, articles: Sequence[Article]) -> str:
    cards = "".join(_card(brand, a) for a in articles) or "<li>No stories yet.</li>"
    return (
        f'<h1 class="page-title">{escape(heading)}</h1><ul class="story-list">{cards}</ul>'
        '<aside class="cta-spot" data-cta-spot="home" aria-label="Membership"></aside>'
    )


def _paywall(brand: Brand, article: Story, hinted_subscriber: bool) -> str:
    """The cover over a members-only story. A reader the segment cookie hints is a
    subscriber sees the loader while the server is asked; the others see the call to action
    (links to the payflow and to log in, working without JavaScript)."""
    heading = escape(brand.paywall_heading)
    if hinted_subscriber:
        inner = (
            f'<h2 id="paywall-heading" class="visually-hidden">{heading}</h2>'
            '<div class="loader" role="status"><span class="loader__disc" aria-hidden="true">'
            f"</span><span>{escape(brand.loading_label)}</span></div>"
        )
    else:
        inner = (
            f'<h2 id="paywall-heading">{heading}</h2><p>{escape(brand.paywall_text)}</p>'
            f'<p class="cta"><a class="button" href="{SUBSCRIBE_PATH}">Subscribe</a></p>'
            f'<p>Already a member? <a href="{login_href(article_path(article))}">Log in</a></p>'
        )
    return (
        f'<section class="paywall" id="paywall" aria-labelledby="paywall-heading">{inner}</section>'
    )


def story(brand: Brand, article: Story, hinted_subscriber: bool, *, as_member: bool = False) -> str:
    """The story as the page serves it: a members-only story's body is left out and covered.
    `as_member`: the whole story and no cover, as a member reads it once the islands have
    added the body (the console's preview, never a page the site serves)."""
    members = article.access == MEMBERS
    covered_body = members and not as_member
    body = article.teaser_html if covered_body else f"{article.teaser_html}\n{article.body_html}"
    covered = " story__body--covered" if covered_body else ""
    badge = (
        f'<span class="badge">{MEMBERSHIP}<span class="visually-hidden"> members</span></span>'
        if members
        else ""
    )
    return (
        f'<article class="story" data-access="{escape(article.access)}">'
        f'<div class="story__kicker"><p class="story__section"><a href="'
        f'{section_path(brand, article.section)}">{escape(article.section)}</a></p>{badge}</div>'
        '<h1 class="story__headline" elementtiming="story-headline">'
        f"{escape(article.headline)}</h1>"
        f'<p class="story__standfirst">{escape(article.standfirst)}</p>'
        f'<p class="story__byline">By {escape(article.author)} &middot; '
        f'<time datetime="{published(article).isoformat()}">{_date(published(article))}'
        "</time></p>"
        f'<div class="story__share">{comment_count_button(article)}</div>'
        '<div class="story__subtext" id="membership-subtext"></div>'
        f'<div class="story__body{covered}" id="story-body">{body}</div>'
        # A members-only story's cover is its call to action; a free one ends with a spot.
        f"{_cover(brand, article, hinted_subscriber, members, as_member)}</article>"
        f"{comments_section(article)}"
    )


def _cover(
    brand: Brand, article: Story, hinted_subscriber: bool, members: bool, as_member: bool
) -> str:
    if as_member:
        return ""
    return _paywall(brand, article, hinted_subscriber) if members else END_SPOT


def preview_notice(status: str) -> str:
    """Above a story in the console's preview: whose view it is, and whether readers see it."""
    where = {
        "published": "It is on the site now.",
        "not saved": "Readers do not see this text: it is not saved.",
    }.get(status, "Readers cannot see it: this page is not on the site.")
    return (
        '<p class="preview-notice" role="note" style="border:2px dashed var(--ink);'
        'padding:.75rem 1rem;margin:0 0 1.5rem;border-radius:4px;background:var(--tint)">'
        f"<strong>Preview ({escape(status)})</strong>: the story as a member reads it. "
        f"{where}</p>"
    )


def not_found(brand: Brand) -> str:
    sections = "".join(
        f'<li><a href="{section_path(brand, s)}">{escape(s)}</a></li>' for s in brand.sections
    )
    return (
        '<div class="static-page"><h1 class="page-title">Page not found</h1>'
        "<p>There is nothing at this address: the page may have moved, or the link may be "
        f'mistyped. <a href="/">Read the latest from {escape(brand.name)}</a>, or pick a '
        f'section:</p><ul class="link-list">{sections}</ul></div>'
    )


def static_page(title: str, body_html: str) -> str:
    """A static page (membership terms, terms, privacy): the publisher's own HTML, checked
    when it was stored (masthead/html_rules.py)."""
    return (
        f'<article class="static-page"><h1 class="page-title">{escape(title)}</h1>'
        f'<div class="static-page__body">{body_html}</div></article>'
    )
