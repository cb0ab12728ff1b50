"""What the publisher pages show: the brand of the request, its stories, the globals.

A story page is asked far more than any other: it runs on the event loop (page_routes.py)
and reads the story and the plan catalogue on the hot reader (awaited on PostgreSQL), not in
a unit of work. The other pages read in a unit of work, in a thread."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from fastapi import Request
from sqlalchemy.orm import Session

from masthead.articles.api import Article, latest
from masthead.deps import Runtime
from masthead.framing import SAME_ORIGIN_FRAMES_ONLY
from masthead.region import vary_headers
from masthead.settings import Settings
from masthead.site import page_globals, render
from masthead.site.assets import IslandScripts, island_scripts
from masthead.site.brands import BRANDS, Brand, brand_for_host
from masthead.site.repository import (
    PlanRow,
    Story,
    StoryRow,
    plan_rows,
    story_page_awaited,
)

# Pages carry the session's nonce: private to the browser that asked, revalidated each time
# (a signed-in reader's page is not stored at all: masthead.private_answers).
PAGE_HEADERS = {
    "Cache-Control": "private, no-cache",
    "Vary": "Cookie, Host",
    **SAME_ORIGIN_FRAMES_ONLY,
}


def page_headers(settings: Settings) -> dict[str, str]:
    """PAGE_HEADERS, and the country header in Vary when one is configured: the page's
    membership-settings global (inSupportedRegion, plans) follows the region check."""
    country = vary_headers(settings).get("Vary")
    if not country:
        return PAGE_HEADERS
    return {**PAGE_HEADERS, "Vary": f"{PAGE_HEADERS['Vary']}, {country}"}


@dataclass(frozen=True)
class Page:
    html: str
    status: int = 200


def brand_of(runtime: Runtime, request: Request) -> Brand:
    return brand_for_host(runtime.settings, request.headers.get("host", ""))


def _page(
    request: Request,
    runtime: Runtime,
    brand: Brand,
    plans: tuple[PlanRow, ...],
    layout: render.Layout,
    *,
    article: Story | None = None,
    status: int = 200,
    counts_spot: str | None = None,
) -> Page:
    """The page: its layout with this request's canonical address and data blocks.
    `counts_spot`: the page has comment-count buttons, counted in this spot."""
    settings, nonce = page_globals.membership_settings(request, runtime, brand, plans)
    blocks = [settings, page_globals.data_block("site-brand", page_globals.brand_globals(brand))]
    if counts_spot is not None:
        counts = page_globals.comment_counts_globals(counts_spot, runtime.settings)
        blocks.append(page_globals.data_block("comment-counts", counts))
    if article is not None:
        content = page_globals.content_globals(article, nonce)
        blocks.append(page_globals.data_block("membership-content", content))
        comments = page_globals.comments_globals(article, runtime.settings)
        blocks.append(page_globals.data_block("comments-settings", comments))
    canonical = str(request.url.replace(query="", fragment=""))
    return Page(layout.page(canonical, blocks), status)


def _layout(
    runtime: Runtime,
    brand: Brand,
    *,
    title: str,
    description: str,
    main: str,
    counts: bool = False,
) -> render.Layout:
    scripts = island_scripts(runtime.settings)
    return render.layout(
        brand, title=title, description=description, main=main, scripts=scripts, counts=counts
    )


@lru_cache(maxsize=256)
def _story_layout(
    brand_key: str, article: StoryRow, hinted: bool, scripts: IslandScripts | None
) -> render.Layout:
    """A story's layout, kept per story row (read for every page, so an edit is another
    key), hint and islands' build: the same for every reader given those."""
    brand = BRANDS[brand_key]
    return render.layout(
        brand,
        title=f"{article.headline} | {brand.name}",
        description=article.standfirst,
        main=render.story(brand, article, hinted),
        scripts=scripts,
        counts=True,
        thread=True,
    )


def home(request: Request, runtime: Runtime, db: Session) -> Page:
    brand = brand_of(runtime, request)
    stories = latest(db, brand.key, runtime.clock.now())
    main = render.story_list(brand, f"Latest from {brand.name}", stories)
    layout = _layout(
        runtime, brand, title=brand.name, description=brand.tagline, main=main, counts=True
    )
    return _page(request, runtime, brand, plan_rows(db), layout, counts_spot=brand.spot_id)


def section(request: Request, runtime: Runtime, db: Session, slug: str) -> Page:
    brand = brand_of(runtime, request)
    name = next((s for s in brand.sections if brand.section_slug(s) == slug), None)
    if name is None:
        return missing(request, runtime, db)
    stories = latest(db, brand.key, runtime.clock.now(), section=name, limit=200)
    main = render.story_list(brand, name, stories)
    title = f"{name} | {brand.name}"
    layout = _layout(runtime, brand, title=title, description=name, main=main, counts=True)
    return _page(request, runtime, brand, plan_rows(db), layout, counts_spot=brand.spot_id)


async def story(
    request: Request, runtime: Runtime, path_date: tuple[int, int, int], slug: str
) -> Page | str:
    """The story's page, or the canonical path to redirect to when the date is not the
    story's (links keep working when a story's date is corrected)."""
    brand = brand_of(runtime, request)
    article, plans = await story_page_awaited(runtime.reader, brand.key, slug, runtime.clock.now())
    if article is None:
        return _missing(request, runtime, brand, plans)
    canonical = render.article_path(article)
    day = article.published_at
    if path_date != (day.year, day.month, day.day):
        return canonical
    hint = page_globals.subscriber_hint(request.cookies.get(page_globals.SEGMENT_COOKIE))
    layout = _story_layout(brand.key, article, hint, island_scripts(runtime.settings))
    spot = article.comments_spot_id
    return _page(request, runtime, brand, plans, layout, article=article, counts_spot=spot)


def story_preview(article: Article, status: str, shown_at: datetime) -> str:
    """A story in any status as a member would read it, for the console's sandboxed frame:
    drawn each time (nothing is kept), without the islands or the globals (nothing runs in
    the frame). `shown_at`: the date a story without one would show (the preview's time)."""
    brand = BRANDS[article.brand]
    row = StoryRow(*(getattr(article, name) for name in StoryRow._fields))
    row = row._replace(published_at=article.published_at or shown_at)
    main = render.preview_notice(status) + render.story(brand, row, False, as_member=True)
    title = f"Preview: {article.headline} | {brand.name}"
    layout = render.layout(
        brand, title=title, description=article.standfirst, main=main, scripts=None
    )
    return layout.page(render.article_path(row), [])


def missing(request: Request, runtime: Runtime, db: Session) -> Page:
    return _missing(request, runtime, brand_of(runtime, request), plan_rows(db))


def _missing(request: Request, runtime: Runtime, brand: Brand, plans: tuple[PlanRow, ...]) -> Page:
    title, main = f"Page not found | {brand.name}", render.not_found(brand)
    layout = _layout(runtime, brand, title=title, description="Page not found", main=main)
    return _page(request, runtime, brand, plans, layout, status=404)


def publisher_page(
    request: Request,
    runtime: Runtime,
    db: Session,
    brand: Brand,
    *,
    title: str,
    description: str,
    main: str,
) -> Page:
    """Another page in the publisher pages' layout, with their globals (the static pages)."""
    title = f"{title} | {brand.name}"
    layout = _layout(runtime, brand, title=title, description=description, main=main)
    return _page(request, runtime, brand, plan_rows(db), layout)
