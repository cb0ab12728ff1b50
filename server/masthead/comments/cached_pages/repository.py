"""Every query of the kept first pages."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import Integer, Select, String, bindparam, func, literal_column, select
from sqlalchemy.orm import Session

from masthead.comments.cached_pages.models import CommentThreadPage, CommentThreadVersion
from masthead.db import PinnedReader, UTCDateTime, upsert_insert

_SPOT = bindparam("spot_id", type_=String)
_POST = bindparam("post_id", type_=Integer)
_CURRENT = func.coalesce(
    select(CommentThreadVersion.version)
    .where(CommentThreadVersion.spot_id == _SPOT, CommentThreadVersion.post_id == _POST)
    .scalar_subquery(),
    literal_column("0", Integer),  # written into the SQL: the hot reader binds only its caller's
)
# One row always: the thread's current version, and its kept page in this order if that page
# was built from the current version after `fresh_after` (else null).
_KEPT = cast(
    "Select[Any]",
    select(
        _CURRENT,
        select(CommentThreadPage.body)
        .where(
            CommentThreadPage.spot_id == _SPOT,
            CommentThreadPage.post_id == _POST,
            CommentThreadPage.sort == bindparam("sort", type_=String),
            CommentThreadPage.version == _CURRENT,
            CommentThreadPage.built_at > bindparam("fresh_after", type_=UTCDateTime),
        )
        .scalar_subquery(),
    ),
)


async def kept_page_awaited(
    reads: PinnedReader, spot_id: str, post_id: int, sort: str, fresh_after: datetime
) -> tuple[int, str | None]:
    """The thread's version, and its kept first page in this order if still good."""
    params = {"spot_id": spot_id, "post_id": post_id, "sort": sort, "fresh_after": fresh_after}
    row = await reads.first_awaited(_KEPT, params)
    assert row is not None  # a SELECT without FROM answers one row
    return int(row[0]), row[1]


def keep_page(
    db: Session, spot_id: str, post_id: int, sort: str, version: int, body: str, now: datetime
) -> None:
    """Keep a page built from `version`, unless one built from a later version is kept."""
    statement = upsert_insert(db)(CommentThreadPage).values(
        spot_id=spot_id, post_id=post_id, sort=sort, version=version, body=body, built_at=now
    )
    db.execute(
        statement.on_conflict_do_update(
            index_elements=["spot_id", "post_id", "sort"],
            set_={"version": version, "body": body, "built_at": now},
            where=CommentThreadPage.version <= version,
        )
    )


def bump_version(db: Session, spot_id: str, post_id: int) -> None:
    statement = upsert_insert(db)(CommentThreadVersion).values(
        spot_id=spot_id, post_id=post_id, version=1
    )
    db.execute(
        statement.on_conflict_do_update(
            index_elements=["spot_id", "post_id"],
            set_={"version": CommentThreadVersion.version + 1},
        )
    )
