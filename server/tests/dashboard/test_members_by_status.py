"""Members by status over time: each reader's account status at every month's end (today for
this one), from billing's status history and its own derivation, counted exactly."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.api import MembershipStatusChange
from masthead.deps import Runtime
from tests.dashboard.conftest import DASHBOARD
from tests.dashboard.rows import at, reader, subscription

MONTHS = ["2025-12"] + [f"2026-{m:02d}" for m in range(1, 12)]


def build_history(runtime: Runtime) -> None:
    with runtime.sessions.begin() as db:
        r1 = reader(db, "r1@example.com")  # Active since March
        subscription(db, r1, "sub-a", "2026-03-10", paid_through="2026-12-09")
        r2 = reader(db, "r2@example.com")  # cancelled in August, paid until 4 September
        subscription(
            db, r2, "sub-b", "2026-05-05", [("2026-08-15", "Canceled")], paid_through="2026-09-04"
        )
        r3 = reader(db, "r3@example.com")  # past due in September, paid again in October
        subscription(
            db,
            r3,
            "sub-c",
            "2026-06-01",
            [("2026-09-02", "Past Due"), ("2026-10-05", "Active")],
            paid_through="2026-12-04",
        )
        r4 = reader(db, "r4@example.com")  # starts on 1 December
        subscription(db, r4, "sub-d", "2026-10-20", first="Pending", first_billing="2026-12-01")
        r5 = reader(db, "r5@example.com")  # from before the range, cancelled in January
        subscription(
            db, r5, "sub-e", "2025-11-01", [("2026-01-10", "Canceled")], paid_through="2026-02-05"
        )
        r6 = reader(db, "r6@example.com")  # a plan switch in April: the new plan from 4 May
        subscription(
            db, r6, "sub-f", "2026-02-01", [("2026-04-10", "Canceled")], paid_through="2026-05-03"
        )
        subscription(
            db,
            r6,
            "sub-g",
            "2026-04-10",
            [("2026-05-04", "Active")],
            first="Pending",
            first_billing="2026-05-04",
            paid_through="2026-12-03",
            follows="sub-f",
        )


def test_the_history_is_recorded_as_the_rows_change(runtime: Runtime) -> None:
    build_history(runtime)
    with runtime.sessions() as db:
        rows = db.execute(
            select(
                MembershipStatusChange.subscription_id,
                MembershipStatusChange.status,
                MembershipStatusChange.changed_at,
            )
            .where(MembershipStatusChange.subscription_id.in_(["sub-c", "sub-g"]))
            .order_by(MembershipStatusChange.id)
        ).all()
    assert [tuple(r) for r in rows] == [
        ("sub-c", "Active", at("2026-06-01")),
        ("sub-c", "Past Due", at("2026-09-02")),
        ("sub-c", "Active", at("2026-10-05")),
        ("sub-g", "Pending", at("2026-04-10")),
        ("sub-g", "Active", at("2026-05-04")),
    ]


def test_members_by_status_at_each_month_end(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    build_history(runtime)
    answer = console_as("support").get(f"{DASHBOARD}/members-by-status")
    assert answer.status_code == 200, answer.text
    chart = answer.json()
    assert (chart["bucket"], chart["start"], chart["end"]) == ("month", "2025-12-01", "2026-11-30")
    assert chart["buckets"] == MONTHS
    assert chart["stacked"] is True and chart["unit"] == "members"
    series = {s["key"]: s["values"] for s in chart["series"]}
    #                      D  J  F  M  A  M  J  J  A  S  O  N
    assert series == {
        "Active": [1, 0, 1, 2, 1, 3, 4, 4, 3, 2, 3, 3],
        "Cancelled_Active": [0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
        "Active_Pending": [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        "Pending": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
        "Past Due": [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
    }


def test_a_range_into_the_future_counts_nothing_there(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    build_history(runtime)
    answer = console_as("editor").get(
        f"{DASHBOARD}/members-by-status", params={"from": "2026-10-15", "to": "2027-01-02"}
    )
    assert answer.status_code == 200, answer.text
    chart = answer.json()
    assert chart["buckets"] == ["2026-10", "2026-11", "2026-12", "2027-01"]
    series = {s["key"]: s["values"] for s in chart["series"]}
    assert series["Active"] == [3, 3, 0, 0]
    assert series["Pending"] == [1, 1, 0, 0]
