"""Every query of the dashboard: one function per chart, counting in SQL on SQLite and
PostgreSQL alike. Where the two differ (bucketing a date-time, reading a JSON list) a small
switch on the dialect picks the expression; everything else is shared.

Date-times are UTC on both: SQLite keeps them as 'YYYY-MM-DD HH:MM:SS...' text (its first 7
or 10 characters are the month or the day), PostgreSQL as timestamptz (read at UTC).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, bindparam, case, exists, func, select, text
from sqlalchemy.orm import Session, aliased

from masthead.billing.api import (
    CANCELED,
    EXPIRED,
    PAID_STATUSES,
    PAST_DUE,
    BillingPlan,
    BillingSubscription,
    MembershipStatusChange,
)
from masthead.dashboard.demo_history import PlanInfo
from masthead.referrals.api import Programme, Referral, Tenant


def _postgres(db: Session) -> bool:
    return db.get_bind().dialect.name == "postgresql"


def _bucket(db: Session, column: Any, length: int) -> ColumnElement[str]:
    """'YYYY-MM' (length 7) or 'YYYY-MM-DD' (length 10) of a UTC date-time column."""
    if _postgres(db):
        pattern = "YYYY-MM" if length == 7 else "YYYY-MM-DD"
        return func.to_char(func.timezone("UTC", column), pattern)
    return func.substr(column, 1, length)


def month_of(db: Session, column: Any) -> ColumnElement[str]:
    return _bucket(db, column, 7)


def day_of(db: Session, column: Any) -> ColumnElement[str]:
    return _bucket(db, column, 10)


Sub = BillingSubscription
Change = MembershipStatusChange


def _new_memberships(lower: datetime, upper: datetime) -> list[ColumnElement[bool]]:
    """Memberships started in the range: not the successor of a pause, resume, plan switch
    or restart (those follow another subscription)."""
    return [Sub.created_at >= lower, Sub.created_at < upper, Sub.follows_id.is_(None)]


def new_memberships(db: Session, lower: datetime, upper: datetime) -> list[tuple[str, bool, int]]:
    """(day, with a trial, how many) of the memberships started in the range."""
    day = day_of(db, Sub.created_at)
    trial = Sub.trial_duration > 0
    rows = db.execute(
        select(day, trial, func.count()).where(*_new_memberships(lower, upper)).group_by(day, trial)
    )
    return [(d, bool(t), n) for d, t, n in rows]


def trials(db: Session, lower: datetime, upper: datetime) -> list[tuple[str, str, int]]:
    """(month started, outcome, how many) of the trials started in the range. Outcomes:
    converted (the first payment came: billing's converted_at), ended (cancelled, expired or
    past due without paying), running (neither yet)."""
    month = month_of(db, Sub.created_at)
    outcome = case(
        (Sub.converted_at.is_not(None), "converted"),
        (Sub.status.in_([CANCELED, EXPIRED, PAST_DUE]), "ended"),
        else_="running",
    )
    rows = db.execute(
        select(month, outcome, func.count())
        .where(*_new_memberships(lower, upper), Sub.trial_duration > 0)
        .group_by(month, outcome)
    )
    return [(m, o, n) for m, o, n in rows]


def cancellations(db: Session, lower: datetime, upper: datetime) -> list[tuple[str, str, int]]:
    """(month, cancel reason, how many) of the memberships cancelled in the range, dated by
    their change to Canceled. A subscription another one follows was replaced (pause, plan
    switch, restart...), not given up: it is not counted."""
    cancelled = (
        select(Change.subscription_id, func.min(Change.changed_at).label("at"))
        .where(Change.status == CANCELED)
        .group_by(Change.subscription_id)
        .subquery()
    )
    successor = aliased(Sub)
    month = month_of(db, cancelled.c.at)
    rows = db.execute(
        select(month, Sub.cancel_reason, func.count())
        .join(cancelled, cancelled.c.subscription_id == Sub.id)
        .where(
            cancelled.c.at >= lower,
            cancelled.c.at < upper,
            ~exists().where(successor.follows_id == Sub.id),
        )
        .group_by(month, Sub.cancel_reason)
    )
    return [(m, r or "", n) for m, r, n in rows]


_REVENUE_SQLITE = """
SELECT substr(json_extract(t.value, '$.created_at'), 1, 7) AS month,
       CASE WHEN json_extract(t.value, '$.refunded') THEN 1 ELSE 0 END AS refunded,
       SUM(CAST(ROUND(CAST(json_extract(t.value, '$.amount') AS REAL) * 100) AS INTEGER))
FROM billing_subscriptions AS s, json_each(s.transactions) AS t
WHERE json_extract(t.value, '$.status') IN :paid
  AND json_extract(t.value, '$.created_at') >= :lower
  AND json_extract(t.value, '$.created_at') < :upper
GROUP BY 1, 2
"""

_REVENUE_POSTGRES = """
SELECT substr(t.value ->> 'created_at', 1, 7) AS month,
       CASE WHEN t.value ->> 'refunded' = 'true' THEN 1 ELSE 0 END AS refunded,
       CAST(SUM(ROUND(CAST(t.value ->> 'amount' AS NUMERIC) * 100)) AS BIGINT)
FROM billing_subscriptions AS s
CROSS JOIN LATERAL json_array_elements(
    CASE WHEN json_typeof(s.transactions) = 'array' THEN s.transactions END
) AS t(value)
WHERE t.value ->> 'status' IN :paid
  AND t.value ->> 'created_at' >= :lower
  AND t.value ->> 'created_at' < :upper
GROUP BY 1, 2
"""


def revenue(db: Session, first_month: str, after_month: str) -> list[tuple[str, bool, int]]:
    """(month, refunded, cents) of the charges that went through, by the month they were
    made, from each subscription's copy of its charges. `first_month` and `after_month` are
    'YYYY-MM' (the charge times are ISO 8601 text in UTC, compared as text)."""
    sql = _REVENUE_POSTGRES if _postgres(db) else _REVENUE_SQLITE
    statement = text(sql).bindparams(bindparam("paid", expanding=True))
    rows = db.execute(
        statement, {"paid": list(PAID_STATUSES), "lower": first_month, "upper": after_month}
    )
    return [(m, bool(r), int(c or 0)) for m, r, c in rows]


def referrals(
    db: Session, tenant_alias: str, lower: datetime, upper: datetime
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(month, how many) of the tenant's referrals made, and of those converted, in the range."""
    tenant = and_(Tenant.id == Referral.tenant_id, Tenant.alias == tenant_alias)

    def by_month(column: Any) -> list[tuple[str, int]]:
        month = month_of(db, column)
        rows = db.execute(
            select(month, func.count())
            .join(Tenant, tenant)
            .where(column >= lower, column < upper)
            .group_by(month)
        )
        return [(m, n) for m, n in rows]

    return by_month(Referral.created_at), by_month(Referral.converted_at)


def subscriptions_before(db: Session, upper: datetime) -> Sequence[BillingSubscription]:
    """Every subscription made before `upper` (members by status rebuilds their history)."""
    return db.scalars(select(Sub).where(Sub.created_at < upper).order_by(Sub.id)).all()


def status_changes_before(db: Session, upper: datetime) -> list[tuple[str, str, datetime]]:
    """(subscription id, status, from when) of every status change before `upper`, in order."""
    rows = db.execute(
        select(Change.subscription_id, Change.status, Change.changed_at)
        .where(Change.changed_at < upper)
        .order_by(Change.subscription_id, Change.changed_at, Change.id)
    )
    return [(s, st, at) for s, st, at in rows]


# --- the demo seed ---------------------------------------------------------------------------


def plan_infos(db: Session) -> dict[str, PlanInfo]:
    """The catalogue's enabled plans without a step-up price (the step-up job would otherwise
    write to the demo members), as the demo history needs them."""
    rows = db.scalars(
        select(BillingPlan).where(BillingPlan.enabled.is_(True), BillingPlan.step_up_date.is_(None))
    )
    return {
        row.id: PlanInfo(
            id=row.id,
            name=row.name,
            amount=row.amount,
            months=row.frequency,
            trial_days=row.trial_duration * (30 if row.trial_duration_unit == "month" else 1),
        )
        for row in rows
    }


def tenant_programme(db: Session, alias: str) -> tuple[int, int, str, str] | None:
    """(tenant id, programme id, referrer's reward, friend's reward) of the tenant's first
    programme, when the tenant exists and is not deleted."""
    row = db.execute(
        select(Tenant.id, Programme.id, Programme.referrer_reward, Programme.referred_reward)
        .join(Programme, Programme.tenant_id == Tenant.id)
        .where(Tenant.alias == alias, Tenant.deleted_at.is_(None))
        .order_by(Programme.id)
        .limit(1)
    ).first()
    return None if row is None else (row[0], row[1], row[2], row[3])
