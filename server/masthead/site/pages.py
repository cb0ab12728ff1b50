"""What the publisher pages show: the brand of the request, its stories, the globals."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from sqlalchemy.orm import Session

from masthead.articles.api import Article, by_slug, latest
from masthead.deps import Runtime
from masthead.framing import SAME_ORIGIN_FRAMES_ONLY
from masthead.region import vary_headers
from masthead.settings import Settings
from masthead.site import page_globals, render
from masthead.site.assets import island_scripts
from masthead.site.brands import Brand, brand_for_host

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
    db: Session,
    brand: Brand,
    *,
    title: str,
    description: str,
    main: str,
    article: Article | None = None,
    status: int = 200,
) -> Page:
    settings = page_globals.membership_settings(request, runtime, db, brand)
    blocks = [
        page_globals.data_block("membership-settings", settings),
        page_globals.data_block("site-brand", page_globals.brand_globals(brand)),
    ]
    if article is not None:
        content = page_globals.content_globals(article, settings["nonce"])
        blocks.append(page_globals.data_block("membership-content", content))
        comments = page_globals.comments_globals(article)
        blocks.append(page_globals.data_block("comments-settings", comments))
    html = render.page(
        brand,
        title=title,
        description=description,
        canonical=str(request.url.replace(query="", fragment="")),
        main=main,
        data_blocks=blocks,
        scripts=island_scripts(runtime.settings),
    )
    return Page(html, status)


def home(request: Request, runtime: Runtime, db: Session) -> Page:
    brand = brand_of(runtime, request)
    stories = latest(db, brand.key)
    main = render.story_list(brand, f"Latest from {brand.name}", stories)
    return _page(
        request, runtime, db, brand, title=brand.name, description=brand.tagline, main=main
    )


def section(request: Request, runtime: Runtime, db: Session, slug: str) -> Page:
    brand = brand_of(runtime, request)
    name = next((s for s in brand.sections if brand.section_slug(s) == slug), None)
    if name is None:
        return missing(request, runtime, db)
    stories = [a for a in latest(db, brand.key, limit=200) if a.section == name]
    main = render.story_list(brand, name, stories)
    return _page(
        request, runtime, db, brand, title=f"{name} | {brand.name}", description=name, main=main
    )


def story(
    request: Request, runtime: Runtime, db: Session, path_date: tuple[int, int, int], slug: str
) -> Page | str:
    """The story's page, or the canonical path to redirect to when the date is not the
    story's (links keep working when a story's date is corrected)."""
    brand = brand_of(runtime, request)
    article = by_slug(db, brand.key, slug)
    if article is None:
        return missing(request, runtime, db)
    canonical = render.article_path(article)
    day = article.published_at
    if path_date != (day.year, day.month, day.day):
        return canonical
    hint = page_globals.subscriber_hint(request.cookies.get(page_globals.SEGMENT_COOKIE))
    return _page(
        request,
        runtime,
        db,
        brand,
        title=f"{article.headline} | {brand.name}",
        description=article.standfirst,
        main=render.story(brand, article, hint),
        article=article,
    )


def missing(request: Request, runtime: Runtime, db: Session) -> Page:
    brand = brand_of(runtime, request)
    return _page(
        request,
        runtime,
        db,
        brand,
        title=f"Page not found | {brand.name}",
        description="Page not found",
        main=render.not_found(brand),
        status=404,
    )


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
    return _page(
        request,
        runtime,
        db,
        brand,
        title=f"{title} | {brand.name}",
        description=description,
        main=main,
    )
