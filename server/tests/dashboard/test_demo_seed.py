"""The demo year `make run` seeds for the dashboard: deterministic, idempotent, written through
the production tables (its status history recorded by billing as it is set), alive on every
chart, and nothing in it the worker would act on."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.billing.api import BillingSubscription, MembershipStatusChange, seed_catalogue
from masthead.billing.memberships.retries import retry_due
from masthead.dashboard import repository
from masthead.dashboard.demo_history import MEMBERS, demo_members
from masthead.dashboard.seed import seed_demo_history
from masthead.deps import Runtime
from masthead.identity.api import User
from masthead.referrals.api import Referral
from masthead.referrals.seed import seed_referrals
from tests.dashboard.conftest import CHARTS, DASHBOARD


def count(runtime: Runtime, what: object) -> int:
    with runtime.sessions() as db:
        return int(db.scalar(select(func.count()).select_from(what)) or 0)  # type: ignore[arg-type]


def seeded(runtime: Runtime) -> Runtime:
    seed_catalogue(runtime)
    seed_referrals(runtime)
    seed_demo_history(runtime)
    return runtime


def test_the_same_day_gives_the_same_year(runtime: Runtime) -> None:
    seed_catalogue(runtime)
    with runtime.sessions() as db:
        plans = repository.plan_infos(db)
    now = runtime.clock.now()
    first, second = demo_members(now, plans), demo_members(now, plans)
    assert len(first) == MEMBERS
    assert [(m.email, m.joined, [s.status for s in m.subscriptions]) for m in first] == [
        (m.email, m.joined, [s.status for s in m.subscriptions]) for m in second
    ]
    assert all(now - timedelta(days=365) <= m.joined <= now for m in first)


def test_the_seed_writes_once_and_every_chart_is_alive(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    seeded(runtime)
    users, subscriptions = count(runtime, User), count(runtime, BillingSubscription)
    changes, referrals = count(runtime, MembershipStatusChange), count(runtime, Referral)
    assert users == MEMBERS and subscriptions > MEMBERS and changes > subscriptions
    assert referrals > 20
    seed_demo_history(runtime)  # a second start of `make run`
    assert (users, subscriptions, changes, referrals) == (
        count(runtime, User),
        count(runtime, BillingSubscription),
        count(runtime, MembershipStatusChange),
        count(runtime, Referral),
    )
    client = console_as("admin")
    for name in CHARTS:
        chart = client.get(f"{DASHBOARD}/{name}").json()
        totals = {s["key"]: sum(s["values"]) for s in chart["series"]}
        assert sum(totals.values()) > 0, name
    by_status = client.get(f"{DASHBOARD}/members-by-status").json()
    active = next(s for s in by_status["series"] if s["key"] == "Active")["values"]
    assert active[-1] > 150 and active[0] < active[-1]
    cancellations = client.get(f"{DASHBOARD}/cancellations").json()
    assert {"too-expensive", "not-using"} <= {s["key"] for s in cancellations["series"]}


def test_no_demo_membership_is_due_a_retry(runtime: Runtime) -> None:
    seeded(runtime)
    today = runtime.clock.now().date()
    with runtime.sessions() as db:
        past_due = db.scalars(
            select(BillingSubscription).where(BillingSubscription.status == "Past Due")
        ).all()
        assert past_due
        for day in range(40):  # nor later: every retry is spent
            assert not any(
                retry_due(today + timedelta(days=day), list(row.transactions)) for row in past_due
            )
