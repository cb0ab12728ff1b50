"""Every query of the static pages."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.site.static_pages.models import StaticPage


def stored(db: Session, brand: str, slug: str) -> StaticPage | None:
    return db.get(StaticPage, (brand, slug))


def all_stored(db: Session) -> list[StaticPage]:
    return list(db.scalars(select(StaticPage)))


def delete(db: Session, row: StaticPage) -> None:
    db.delete(row)
    db.flush()
