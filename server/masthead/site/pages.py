"""What the publisher pages show: the brand of the request, its stories, the globals."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from sqlalchemy.orm import Session

from masthead.articles import repository as articles
from masthead.articles.models import Article
from masthead.deps import Runtime
from masthead.site import page_globals, render
from masthead.site.assets import island_scripts
from masthead.site.brands import Brand, brand_for_host


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
    stories = articles.latest(db, brand.key)
    main = render.story_list(brand, f"Latest from {brand.name}", stories)
    return _page(
        request, runtime, db, brand, title=brand.name, description=brand.tagline, main=main
    )


def section(request: Request, runtime: Runtime, db: Session, slug: str) -> Page:
    brand = brand_of(runtime, request)
    name = next((s for s in brand.sections if brand.section_slug(s) == slug), None)
    if name is None:
        return missing(request, runtime, db)
    stories = [a for a in articles.latest(db, brand.key, limit=200) if a.section == name]
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
    article = articles.by_slug(db, brand.key, slug)
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
