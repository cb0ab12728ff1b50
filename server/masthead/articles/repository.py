"""Every article query."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import Select, bindparam, select
from sqlalchemy.orm import Session

from masthead.articles.models import Article
from masthead.db import PinnedReader

# The content call's read, built once and awaited on the hot reader (db.PinnedReader).
_RELEASE = cast(
    "Select[Any]",
    select(Article.access, Article.body_html).where(Article.content_id == bindparam("content_id")),
)


def latest(db: Session, brand: str, limit: int = 20) -> Sequence[Article]:
    return db.scalars(
        select(Article)
        .where(Article.brand == brand)
        .order_by(Article.published_at.desc(), Article.post_id.desc())
        .limit(limit)
    ).all()


def by_slug(db: Session, brand: str, slug: str) -> Article | None:
    return db.scalars(select(Article).where(Article.brand == brand, Article.slug == slug)).first()


def by_content_id(db: Session, content_id: str) -> Article | None:
    return db.scalars(select(Article).where(Article.content_id == content_id)).first()


async def release_row_awaited(reads: PinnedReader, content_id: str) -> tuple[str, str] | None:
    """The access rule and the body of the story with this content id, if any; awaited, so
    the event loop serves other requests during the round trip (db.PinnedReader)."""
    row = await reads.first_awaited(_RELEASE, {"content_id": content_id})
    return None if row is None else (str(row[0]), str(row[1]))
