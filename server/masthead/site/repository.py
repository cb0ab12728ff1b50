"""Every site query: the reads behind the entitlement decision and the story page.

They read billing's subscription copies and plan catalogue directly, not through billing's ORM
service: the content call and the story page are the hottest paths of the site, and one
compiled query on the pinned connection (db.PinnedReader) costs a fraction of a unit of work
(building ORM instances alone cost more than the query).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any, NamedTuple

from sqlalchemy import and_, bindparam, func, literal_column, select
from sqlalchemy.orm import Session

from masthead.articles.api import NOW, Article, on_site
from masthead.billing.api import BillingPlan, BillingSubscription
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
# reader's release is one round trip. Outer: an unknown story still finds the session. A
# story not on the site (a draft, unpublished, scheduled for later) is no story: the join
# asks articles' one rule, at the session check's time.
_READER_SUBSCRIPTIONS_STORY = _READER_SUBSCRIPTIONS.add_columns(
    Article.access, Article.body_html
).outerjoin(Article, and_(Article.content_id == bindparam("content_id"), on_site(NOW)))

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


class StoryRow(NamedTuple):
    """A story's columns, by the names of Article's attributes, so the page renders it as it
    renders an Article (render.py)."""

    post_id: int
    content_id: str
    brand: str
    slug: str
    headline: str
    standfirst: str
    author: str
    section: str
    published_at: datetime
    teaser_html: str
    body_html: str
    access: str
    comments_spot_id: str


# What a page renders: an ORM Article (the lists) or the story page's row.
Story = Article | StoryRow


class PlanRow(NamedTuple):
    """An enabled plan's columns that billing.plans_of reads, by BillingPlan's names."""

    id: str
    name: str
    product_id: str
    frequency: int
    amount: Decimal
    normal_amount: Decimal | None
    first_billing_date: date | None
    next_billing_date: date | None
    step_up_amount: Decimal | None
    step_up_date: date | None
    trial_duration: int
    trial_duration_unit: str
    featured: bool
    card_heading: str
    curation: str


_PLAN_COLUMNS = tuple(getattr(BillingPlan, name) for name in PlanRow._fields)
# billing's own order of the catalogue (billing/catalog/repository.enabled_plans).
_PLANS = select(*_PLAN_COLUMNS).where(BillingPlan.enabled.is_(True)).order_by(BillingPlan.position)

# The story page's reads in one round trip (a second one cost as much as the rest of the
# page on PostgreSQL): the story and the enabled plans, each outer-joined onto a one-row
# anchor, so each is found without the other. One row per plan (at least one), the story's
# columns first, the same on each. Only a story on the site is found (articles' one rule, in
# the join: no second query).
_ANCHOR = select(literal_column("1").label("anchor")).subquery("anchor")
_STORY_WIDTH = len(StoryRow._fields)
_STORY_PAGE = (
    select(*(getattr(Article, name) for name in StoryRow._fields), *_PLAN_COLUMNS)
    .select_from(_ANCHOR)
    .outerjoin(
        Article,
        and_(Article.brand == bindparam("brand"), Article.slug == bindparam("slug"), on_site(NOW)),
    )
    .outerjoin(BillingPlan, BillingPlan.enabled.is_(True))
    .order_by(BillingPlan.position)
)


class StoryPageReads(NamedTuple):
    story: StoryRow | None  # None: the brand has no story with this slug
    plans: tuple[PlanRow, ...]  # the enabled plans in catalogue order


async def story_page_awaited(
    reads: PinnedReader, brand: str, slug: str, now: datetime
) -> StoryPageReads:
    """The brand's story on the site with this slug and the enabled plans: one query, awaited
    on the hot reader."""
    # No slug has a NUL, and PostgreSQL refuses one in text: asked as NULL, which matches none.
    params = {"brand": brand, "slug": None if "\x00" in slug else slug, "now": now}
    rows = await reads.all_awaited(_STORY_PAGE, params)
    first = rows[0]  # the anchor's row is always there
    story = None if first[0] is None else StoryRow(*first[:_STORY_WIDTH])
    plans = tuple(PlanRow(*row[_STORY_WIDTH:]) for row in rows if row[_STORY_WIDTH] is not None)
    return StoryPageReads(story, plans)


def plan_rows(db: Session) -> tuple[PlanRow, ...]:
    """The enabled plans in catalogue order, in a unit of work (the other pages)."""
    return tuple(PlanRow(*row) for row in db.execute(_PLANS).all())
