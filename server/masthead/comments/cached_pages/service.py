"""The first page of each story's thread, kept built in the database.

Building a page reads every shown comment of the story with its author's profile and makes
the page in Python: about 7 ms for 200 comments, 150 pages a second on one process. Most
reads are of the first page in the default order, and a thread changes far less often than
it is read, so that page (in each order) is kept as the JSON the call answers: a read is one
query that returns it. Every process sees the same kept page (it is in the database).

When it is rebuilt: every comment write bumps the thread's version (`thread_changed`, in the
write's transaction), so a new, edited, deleted, voted or moderated comment shows on the very
next read, as live updates need. What a write here does not see (an author's new display name,
colour or private profile, an erased account) shows once the kept page is older than
KEPT_SECONDS, the time the call already lets any cache keep its answer (max-age=30).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from masthead.comments.cached_pages import repository
from masthead.deps import Runtime

KEPT_SECONDS = 30


async def kept_first_page(
    rt: Runtime, spot_id: str, post_id: int, sort: str
) -> tuple[int, str | None]:
    """The thread's version, and its first page's JSON in this order if kept and still good."""
    fresh_after = rt.clock.now() - timedelta(seconds=KEPT_SECONDS)
    return await repository.kept_page_awaited(rt.reader, spot_id, post_id, sort, fresh_after)


def keep_first_page(
    rt: Runtime, spot_id: str, post_id: int, sort: str, version: int, body: str
) -> None:
    """Keep a first page built from `version` (after the answer is sent: its own transaction).
    A write meanwhile has bumped the version, so the page kept here is not read."""
    now: datetime = rt.clock.now()
    with rt.sessions.begin() as db:
        repository.keep_page(db, spot_id, post_id, sort, version, body, now)


def thread_changed(db: Session, spot_id: str, post_id: int) -> None:
    """Every comment write calls this in its transaction: the kept pages are rebuilt."""
    repository.bump_version(db, spot_id, post_id)
