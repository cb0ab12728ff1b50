"""Every site query: the reads behind the entitlement decision.

They read billing's subscription copies directly, not through billing's ORM service: the
content call is the hottest path of the site, and one compiled query on the pinned
connection (db.PinnedReader) costs a fraction of a unit of work.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from masthead.billing.models import BillingSubscription
from masthead.db import PinnedReader

# Exactly the columns billing.normalise.facts reads.
_SUBSCRIPTIONS = select(
    BillingSubscription.status,
    BillingSubscription.plan_id,
    BillingSubscription.paid_through_date,
    BillingSubscription.next_billing_date,
    BillingSubscription.transactions,
    BillingSubscription.trial_duration,
).where(BillingSubscription.user_id == bindparam("user_id"))

Reads = Session | PinnedReader


def subscription_rows(db: Reads, user_id: int) -> list[BillingSubscription]:
    """The reader's subscriptions as unsaved billing rows carrying what status resolution
    reads, from a unit of work (Session) or the pinned connection."""
    params = {"user_id": user_id}
    rows: list[Any] = (
        db.all(_SUBSCRIPTIONS, params)
        if isinstance(db, PinnedReader)
        else list(db.execute(_SUBSCRIPTIONS, params).all())
    )
    return [
        BillingSubscription(
            status=status,
            plan_id=plan_id,
            paid_through_date=paid_through,
            next_billing_date=next_billing,
            transactions=transactions or [],
            trial_duration=trial_duration or 0,
        )
        for status, plan_id, paid_through, next_billing, transactions, trial_duration in rows
    ]
