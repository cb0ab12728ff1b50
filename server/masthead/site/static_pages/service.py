"""The static pages' rules: a page is its stored row (the migration stores each built-in
text) or else its built-in default; an operator's edit is checked (html_rules.py) before it
is stored; removing the row brings the built-in text back."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from masthead.site.brands import BRANDS
from masthead.site.static_pages import repository
from masthead.site.static_pages.defaults import PATHS, REQUIRED_IDS, default_page
from masthead.site.static_pages.html_rules import PageHtmlError, check_body
from masthead.site.static_pages.models import StaticPage


class StaticPageError(Exception):
    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status, self.type, self.message = status, type_, message


@dataclass(frozen=True)
class PageView:
    brand: str
    slug: str
    title: str
    body_html: str
    updated_at: datetime | None  # None: the built-in default, never stored
    edited: bool  # differs from the built-in default

    @property
    def path(self) -> str:
        return PATHS[self.slug]


def _known(brand: str, slug: str) -> None:
    if brand not in BRANDS or slug not in PATHS:
        raise StaticPageError(
            404,
            "page-not-found",
            f'There is no static page "{slug}" of brand "{brand}". Brands: '
            f"{', '.join(BRANDS)}; pages: {', '.join(PATHS)}.",
        )


def _view(brand: str, slug: str, row: StaticPage | None) -> PageView:
    default = default_page(BRANDS[brand], slug)
    if row is None:
        return PageView(brand, slug, default.title, default.body_html, None, edited=False)
    edited = (row.title, row.body_html) != (default.title, default.body_html)
    return PageView(brand, slug, row.title, row.body_html, row.updated_at, edited)


def page(db: Session, brand: str, slug: str) -> PageView:
    _known(brand, slug)
    return _view(brand, slug, repository.stored(db, brand, slug))


def listing(db: Session) -> list[PageView]:
    rows = {(r.brand, r.slug): r for r in repository.all_stored(db)}
    return [_view(b, s, rows.get((b, s))) for b in BRANDS for s in PATHS]


def store(db: Session, now: datetime, brand: str, slug: str, title: str, body: str) -> PageView:
    _known(brand, slug)
    try:
        check_body(body, REQUIRED_IDS.get(slug, ()))
    except PageHtmlError as exc:
        raise StaticPageError(400, "bad-request", f"The page was not changed: {exc}") from None
    row = repository.stored(db, brand, slug)
    if row is None:
        row = StaticPage(brand=brand, slug=slug)
        db.add(row)
    row.title, row.body_html, row.updated_at = title, body, now
    db.flush()
    return _view(brand, slug, row)


def reset(db: Session, brand: str, slug: str) -> PageView:
    """Back to the built-in default (nothing to do when the page has none stored)."""
    _known(brand, slug)
    row = repository.stored(db, brand, slug)
    if row is not None:
        repository.delete(db, row)
    return _view(brand, slug, None)
