"""Members by status over time: each reader's account status at the end of every month (today
for this month), counted.

The statuses are the ones readers see, from billing's own derivation (resolve_status) fed with
each subscription's facts as of that moment (billing's facts_as_of over its status history):
no second version of the rules here. The derivation is per reader, so this chart counts in
Python after two plain reads (the subscriptions and their status changes), not in SQL.
Shown: the statuses of people who are members or are about to be or stop being one; None
and Canceled (former members) are left out, the cancellations chart tells those.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter, defaultdict
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from masthead.billing.api import AccountStatus, BillingSubscription, facts_as_of, resolve_status
from masthead.dashboard import repository
from masthead.dashboard.ranges import Range, midnight
from masthead.dashboard.schemas import Chart, Series

SHOWN = (
    AccountStatus.ACTIVE,
    AccountStatus.CANCELLED_ACTIVE,
    AccountStatus.ACTIVE_PENDING,
    AccountStatus.PENDING,
    AccountStatus.PAST_DUE,
)
# Short words for the legend; the key of each series is the status itself.
LABELS = {
    AccountStatus.ACTIVE: "Active",
    AccountStatus.CANCELLED_ACTIVE: "Cancelled, still paid",
    AccountStatus.ACTIVE_PENDING: "Active, change pending",
    AccountStatus.PENDING: "Pending start",
    AccountStatus.PAST_DUE: "Past due",
}
NOTE = (
    "Readers by the account status they had at the end of each month (today for this "
    "month), as the account area derives it. Paused readers count as what their "
    "subscriptions say (a pause has no history of its own); former members are in "
    "Cancellations."
)


class _History:
    """One subscription's statuses in time order, to look up the one at a given moment."""

    def __init__(self) -> None:
        self.times: list[datetime] = []
        self.statuses: list[str] = []

    def add(self, at: datetime, status: str) -> None:
        self.times.append(at)
        self.statuses.append(status)

    def at(self, moment: datetime) -> str | None:
        """The status in force just before `moment` (None before the first one)."""
        index = bisect_right(self.times, moment - timedelta(microseconds=1))
        return self.statuses[index - 1] if index else None


def counts_at(
    rows: list[BillingSubscription], histories: dict[str, _History], moment: datetime
) -> Counter[AccountStatus]:
    """How many readers had each account status just before `moment`."""
    day = (moment - timedelta(microseconds=1)).date()
    facts_by_reader = defaultdict(list)
    for row in rows:
        history = histories.get(row.id)
        status = None if history is None else history.at(moment)
        if status is not None and row.created_at < moment:
            # An erased reader's subscription (user_id None, reader_data) counts on its own.
            reader = row.user_id if row.user_id is not None else row.id
            facts_by_reader[reader].append(facts_as_of(row, status, day))
    return Counter(resolve_status(facts, today=day) for facts in facts_by_reader.values())


def members_by_status(db: Session, rng: Range, now: datetime) -> Chart:
    upper = min(rng.upper, now)
    rows = list(repository.subscriptions_before(db, upper))
    histories: dict[str, _History] = defaultdict(_History)
    for subscription_id, status, at in repository.status_changes_before(db, upper):
        histories[subscription_id].add(at, status)
    per_bucket: list[Counter[AccountStatus]] = [
        counts_at(rows, histories, min(end, now)) if midnight(start) <= now else Counter()
        for start, end in zip(rng.starts(), rng.bucket_ends(), strict=True)
    ]
    return Chart(
        chart="members-by-status",
        title="Members by status",
        bucket=rng.bucket,
        start=rng.start,
        end=rng.end,
        buckets=rng.labels(),
        unit="members",
        stacked=True,
        series=[
            Series(key=status.value, label=LABELS[status], values=[c[status] for c in per_bucket])
            for status in SHOWN
        ],
        note=NOTE,
    )
