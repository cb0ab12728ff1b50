"""Every site query: the reads behind the entitlement decision.

They read billing's subscription copies directly, not through billing's ORM service: the
content call is the hottest path of the site, and one compiled query on the pinned
connection (db.PinnedReader) costs a fraction of a unit of work.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any, NamedTuple

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from masthead.articles.api import Article
from masthead.billing.api import BillingSubscription
from masthead.db import PinnedReader
from masthead.identity.api import LIVE_SESSION_READER, READER_WIDTH, Reader, User, reader_from_row

# Exactly the columns billing.normalise.facts reads. Of the transactions it asks only
# whether there are any: their count, not the list a long membership makes long.
_COLUMNS = (
    BillingSubscription.status,
    BillingSubscription.plan_id,
    BillingSubscription.paid_through_date,
    BillingSubscription.next_billing_date,
    func.json_array_length(BillingSubscription.transactions),
    BillingSubscription.trial_duration,
)
_SUBSCRIPTIONS = select(*_COLUMNS).where(BillingSubscription.user_id == bindparam("user_id"))
# The session's reader (identity's own query, so its rules for a live session hold here
# too) with their subscriptions, one row each, in one round trip.
_READER_SUBSCRIPTIONS = LIVE_SESSION_READER.add_columns(*_COLUMNS).outerjoin(
    BillingSubscription, BillingSubscription.user_id == User.id
)
_SUBSCRIPTION_END = READER_WIDTH + len(_COLUMNS)
# The content call's story (its access rule and body) joined onto that, so a signed-in
# reader's release is one round trip. Outer: an unknown story still finds the session.
_READER_SUBSCRIPTIONS_STORY = _READER_SUBSCRIPTIONS.add_columns(
    Article.access, Article.body_html
).outerjoin(Article, Article.content_id == bindparam("content_id"))

Reads = Session | PinnedReader


class SubscriptionRow(NamedTuple):
    """A subscription copy's columns that status resolution reads, by the names of
    BillingSubscription's attributes, so billing.normalise.facts reads it as it reads a row
    (building ORM instances cost more than the query)."""

    status: str
    plan_id: str
    paid_through_date: date | None
    next_billing_date: date | None
    transactions: int  # how many: facts() reads only whether there are any
    trial_duration: int


def subscription_rows(db: Reads, user_id: int) -> list[SubscriptionRow]:
    """The reader's subscriptions, from a unit of work (Session) or the pinned connection."""
    params = {"user_id": user_id}
    rows: Sequence[Any] = (
        db.all(_SUBSCRIPTIONS, params)
        if isinstance(db, PinnedReader)
        else db.execute(_SUBSCRIPTIONS, params).all()
    )
    return [SubscriptionRow(*row) for row in rows]


class SessionReads(NamedTuple):
    reader: Reader
    subscriptions: list[SubscriptionRow]
    story: tuple[str, str] | None  # access rule and body, when a story was asked for


def _session_reads(rows: Sequence[Any], with_story: bool) -> SessionReads | None:
    if not rows:
        return None
    first = rows[0]
    # A reader without subscriptions comes back as one row of NULLs (the outer join).
    subscriptions = [
        SubscriptionRow(*row[READER_WIDTH:_SUBSCRIPTION_END])
        for row in rows
        if row[READER_WIDTH] is not None
    ]
    story = None
    if with_story and first[_SUBSCRIPTION_END] is not None:
        story = (str(first[_SUBSCRIPTION_END]), str(first[_SUBSCRIPTION_END + 1]))
    return SessionReads(reader_from_row(first), subscriptions, story)


def _session_query(
    token_hash: str, now: datetime, content_id: str | None
) -> tuple[Any, dict[str, Any]]:
    params: dict[str, Any] = {"token_hash": token_hash, "now": now}
    if content_id is None:
        return _READER_SUBSCRIPTIONS, params
    return _READER_SUBSCRIPTIONS_STORY, {**params, "content_id": content_id}


async def reader_with_subscriptions_awaited(
    reads: PinnedReader, token_hash: str, now: datetime, content_id: str | None = None
) -> SessionReads | None:
    """The live session's reader, their subscriptions and, given a content id, that story:
    one query, awaited (the event loop serves other requests during the round trip). None
    without a live session."""
    statement, params = _session_query(token_hash, now, content_id)
    rows = await reads.all_awaited(statement, params)
    return _session_reads(rows, with_story=content_id is not None)
