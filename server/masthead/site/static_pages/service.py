"""The static pages' rules: a page is its stored row (the migration stores each built-in
text) or else its built-in default; an operator's edit is checked (html_rules.py) before it
is stored; removing the row brings the built-in text back."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from masthead.errors import ApiError
from masthead.html_rules import PageHtmlError, check_body
from masthead.site.brands import BRANDS
from masthead.site.static_pages import repository
from masthead.site.static_pages.defaults import PATHS, REQUIRED_IDS, default_page
from masthead.site.static_pages.models import StaticPage
from masthead.staff.api import Actor, record_action

EDITED = "static_page.edited"
RESET = "static_page.reset"
TARGET = "static-page"  # audit target_type; target_id is "brand/slug"


class StaticPageError(ApiError):
    """A refusal of the static pages' rules: the API answers it in the one error shape, the
    CLI prints its message."""


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
    check(brand, slug, body)
    row = repository.stored(db, brand, slug)
    if row is None:
        row = StaticPage(brand=brand, slug=slug)
        db.add(row)
    row.title, row.body_html, row.updated_at = title, body, now
    db.flush()
    return _view(brand, slug, row)


def check(brand: str, slug: str, body: str) -> None:
    """What store() checks, without storing: the console's preview shows only what could be
    stored."""
    _known(brand, slug)
    try:
        check_body(body, REQUIRED_IDS.get(slug, ()))
    except PageHtmlError as exc:
        raise StaticPageError(400, "bad-request", f"The page was not changed: {exc}") from None


def _shown(view: PageView) -> dict[str, str]:
    return {"title": view.title, "body": view.body_html}


def edit_by_staff(
    db: Session,
    now: datetime,
    actor: Actor,
    address: str,
    brand: str,
    slug: str,
    title: str,
    body: str,
) -> PageView:
    """A staff member's edit: stored, and audited with the text before and after (in the same
    transaction; an edit that changes nothing is not logged)."""
    before = page(db, brand, slug)
    after = store(db, now, brand, slug, title, body)
    if _shown(before) != _shown(after):
        record_action(
            db,
            now,
            EDITED,
            actor,
            target_type=TARGET,
            target_id=f"{brand}/{slug}",
            before=_shown(before),
            after=_shown(after),
            address=address,
        )
    return after


def reset_by_staff(
    db: Session, now: datetime, actor: Actor, address: str, brand: str, slug: str
) -> PageView:
    """A staff member brings back the built-in text, audited like an edit."""
    before = page(db, brand, slug)
    after = reset(db, brand, slug)
    if before.edited or before.updated_at is not None:
        record_action(
            db,
            now,
            RESET,
            actor,
            target_type=TARGET,
            target_id=f"{brand}/{slug}",
            before=_shown(before),
            after=_shown(after),
            address=address,
        )
    return after


def reset(db: Session, brand: str, slug: str) -> PageView:
    """Back to the built-in default (nothing to do when the page has none stored)."""
    _known(brand, slug)
    row = repository.stored(db, brand, slug)
    if row is not None:
        repository.delete(db, row)
    return _view(brand, slug, None)
