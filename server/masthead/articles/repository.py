"""Every article query."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    Select,
    String,
    and_,
    bindparam,
    func,
    literal_column,
    select,
)
from sqlalchemy.orm import Session

from masthead.articles.models import DRAFT, PUBLISHED, UNPUBLISHED, Article
from masthead.db import PinnedReader, UTCDateTime, upsert_insert

# The statements built once for the hot reads take the time as this parameter.
NOW = bindparam("now", type_=UTCDateTime())


def on_site(now: datetime | Any = NOW) -> ColumnElement[bool]:
    """The site's one rule of who sees a story, in SQL: published, and its time has come (a
    scheduled story appears by itself when it does). `now` is a time, or NOW in a statement
    built once. The status is written into the SQL, not bound: the hot reads (db.PreparedRead)
    bind only the parameters their callers give."""
    published: ColumnElement[str] = literal_column(f"'{PUBLISHED}'", String)
    return and_(Article.status == published, Article.published_at <= now)


# The content call's read, built once and awaited on the hot reader (db.PinnedReader): a
# story not on the site is no story.
_RELEASE = cast(
    "Select[Any]",
    select(Article.access, Article.body_html).where(
        Article.content_id == bindparam("content_id"), on_site()
    ),
)


def latest(
    db: Session, brand: str, now: datetime, *, section: str | None = None, limit: int = 20
) -> Sequence[Article]:
    """The brand's stories on the site, newest first (of one section, given one)."""
    query = select(Article).where(Article.brand == brand, on_site(now))
    if section is not None:
        query = query.where(Article.section == section)
    return db.scalars(
        query.order_by(Article.published_at.desc(), Article.post_id.desc()).limit(limit)
    ).all()


async def release_row_awaited(
    reads: PinnedReader, content_id: str, now: datetime
) -> tuple[str, str] | None:
    """The access rule and the body of the story on the site with this content id, if any;
    awaited, so the event loop serves other requests during the round trip
    (db.PinnedReader)."""
    row = await reads.first_awaited(_RELEASE, {"content_id": content_id, "now": now})
    return None if row is None else (str(row[0]), str(row[1]))


def by_content_id(db: Session, content_id: str, *, lock: bool = False) -> Article | None:
    """Any story, whatever its status (the console's and the operator API's). `lock` holds
    its row until the transaction ends (PostgreSQL), so two edits of it take turns."""
    query = select(Article).where(Article.content_id == content_id)
    return db.scalars(query.with_for_update() if lock else query).first()


def slug_holder(db: Session, brand: str, slug: str) -> Article | None:
    return db.scalars(select(Article).where(Article.brand == brand, Article.slug == slug)).first()


def _status_filter(status: str, now: datetime) -> ColumnElement[bool]:
    if status == "scheduled":
        return and_(Article.status == PUBLISHED, Article.published_at > now)
    if status == PUBLISHED:
        return on_site(now)
    return Article.status == (DRAFT if status == DRAFT else UNPUBLISHED)


def page(
    db: Session,
    now: datetime,
    *,
    brand: str | None,
    section: str | None,
    status: str | None,
    offset: int,
    limit: int,
) -> tuple[Sequence[Article], int]:
    """A page of the stories matching the filters, last changed first, and how many match."""
    conditions: list[ColumnElement[bool]] = []
    if brand is not None:
        conditions.append(Article.brand == brand)
    if section is not None:
        conditions.append(Article.section == section)
    if status is not None:
        conditions.append(_status_filter(status, now))
    total = db.scalar(select(func.count()).select_from(Article).where(*conditions)) or 0
    rows = db.scalars(
        select(Article)
        .where(*conditions)
        .order_by(Article.updated_at.desc(), Article.post_id.desc())
        .offset(offset)
        .limit(limit)
    ).all()
    return rows, total


def insert_with_next_post_id(db: Session, values: dict[str, Any]) -> Article | None:
    """Inserts a story with the next post_id (one more than the highest), or nothing when a
    unique key is taken (the post_id by a concurrent insert, the content id or the slug):
    INSERT ... ON CONFLICT DO NOTHING leaves the transaction usable, and on PostgreSQL waits
    for a concurrent insert of the same key instead of failing. None: nothing was inserted."""
    next_id = select(func.coalesce(func.max(Article.post_id), 0) + 1).scalar_subquery()
    insert = upsert_insert(db)
    statement = (
        insert(Article)
        .values(post_id=next_id, **values)
        .on_conflict_do_nothing()
        .returning(Article.post_id)
    )
    post_id = db.execute(statement).scalar_one_or_none()
    return None if post_id is None else db.get(Article, post_id)


def delete(db: Session, article: Article) -> None:
    db.delete(article)
    db.flush()
