"""Each chart's series from known rows, exactly: new members by day, trials by month started
and their outcome, cancellations by reason, revenue kept and refunded, referral conversions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.referrals.api import Programme, Referral, ReferralUser, Tenant
from tests.dashboard.conftest import DASHBOARD
from tests.dashboard.rows import at, charge, reader, subscription


def chart(client: TestClient, name: str, **params: str) -> dict[str, Any]:
    answer = client.get(f"{DASHBOARD}/{name}", params=params)
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def values(body: dict[str, Any]) -> dict[str, list[int]]:
    return {s["key"]: s["values"] for s in body["series"]}


def test_new_members_by_day_over_the_last_30_days(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    with runtime.sessions.begin() as db:
        r = reader(db, "a@example.com")
        subscription(db, r, "old", "2026-10-23", trial=7)  # the day before the 30 days
        subscription(db, r, "t1", "2026-10-24", trial=7)  # the first of the 30 days
        subscription(db, r, "p1", "2026-11-02")
        subscription(db, r, "p2", "2026-11-02", [("2026-11-03", "Canceled")])
        subscription(db, r, "t2", "2026-11-22", trial=7)  # today
        subscription(db, r, "next", "2026-11-10", follows="p2")  # a restart: not new
    body = chart(console_as("moderator"), "new-members")
    assert (body["bucket"], body["start"], body["end"]) == ("day", "2026-10-24", "2026-11-22")
    assert len(body["buckets"]) == 30 and body["buckets"][0] == "2026-10-24"
    series = values(body)
    nov_2 = body["buckets"].index("2026-11-02")
    assert sum(series["trial"]) == 2 and series["trial"][0] == 1 and series["trial"][-1] == 1
    assert sum(series["paid"]) == 2 and series["paid"][nov_2] == 2


def test_trials_by_month_started_and_what_became_of_them(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    with runtime.sessions.begin() as db:
        r = reader(db, "a@example.com")
        subscription(db, r, "t1", "2026-09-03", trial=7, converted="2026-09-10")
        subscription(db, r, "t2", "2026-09-15", [("2026-09-18", "Canceled")], trial=7)
        subscription(db, r, "t3", "2026-11-18", trial=7)
        subscription(db, r, "t4", "2026-10-01", [("2026-10-08", "Past Due")], trial=7)
        subscription(db, r, "paid", "2026-09-04")  # no trial
        subscription(db, r, "after", "2026-09-20", trial=7, follows="t2")  # not a new trial
    body = chart(console_as("support"), "trials")
    sep, octo, nov = (body["buckets"].index(m) for m in ("2026-09", "2026-10", "2026-11"))
    series = values(body)
    assert [s["key"] for s in body["series"]] == ["converted", "running", "ended"]
    assert {k: {i: v for i, v in enumerate(vs) if v} for k, vs in series.items()} == {
        "converted": {sep: 1},
        "running": {nov: 1},
        "ended": {sep: 1, octo: 1},
    }


def test_cancellations_by_month_and_reason(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    with runtime.sessions.begin() as db:
        r = reader(db, "a@example.com")
        cancelled = [("2026-03-05", "Canceled")]
        subscription(db, r, "c1", "2026-01-01", cancelled, cancel_reason="too-expensive")
        subscription(db, r, "c2", "2026-01-01", [("2026-03-20", "Canceled")])
        subscription(db, r, "c3", "2026-01-01", [("2026-07-01", "Canceled")], cancel_reason="=1+2")
        # Replaced by a plan switch: not a cancellation.
        subscription(db, r, "c4", "2026-01-01", [("2026-07-09", "Canceled")], cancel_reason="x")
        subscription(db, r, "c5", "2026-07-09", follows="c4")
        # Before the 12 months.
        subscription(
            db, r, "c6", "2025-01-01", [("2025-11-30", "Canceled")], cancel_reason="too-expensive"
        )
    body = chart(console_as("editor"), "cancellations")
    mar, jul = body["buckets"].index("2026-03"), body["buckets"].index("2026-07")
    assert [(s["key"], s["label"]) for s in body["series"]] == [
        ("=1+2", "=1+2"),  # ties: by label
        ("too-expensive", "It costs too much"),
        ("none", "No reason given"),
    ]
    series = values(body)
    assert series["too-expensive"][mar] == 1 and sum(series["too-expensive"]) == 1
    assert series["none"][mar] == 1 and sum(series["none"]) == 1
    assert series["=1+2"][jul] == 1 and sum(series["=1+2"]) == 1


def test_the_less_common_reasons_share_a_series(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    counts = {"too-expensive": 4, "not-using": 3, "content": 3, "technical": 2, "other": 2}
    counts |= {"home-delivery": 1, "Cancelled by support": 1}
    with runtime.sessions.begin() as db:
        r = reader(db, "a@example.com")
        for reason, n in counts.items():
            for i in range(n):
                cancelled = [("2026-06-10", "Canceled")]
                subscription(
                    db, r, f"{reason}-{i}"[:36], "2026-01-01", cancelled, cancel_reason=reason
                )
    body = chart(console_as("editor"), "cancellations")
    # The five most common (ties by label), then the rest together.
    assert [(s["key"], sum(s["values"])) for s in body["series"]] == [
        ("too-expensive", 4),
        ("not-using", 3),  # "I don (apostrophe) t use it enough": "d" sorts before the apostrophe
        ("content", 3),  # "I (apostrophe) m not happy with the coverage"
        ("other", 2),  # "Another reason"
        ("technical", 2),  # "I had technical problems"
        ("less-common", 2),  # home delivery, support
    ]
    assert body["series"][-1]["label"] == "Less common reasons"


def test_revenue_kept_and_refunded_by_month_in_cents(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    with runtime.sessions.begin() as db:
        r = reader(db, "a@example.com")
        subscription(
            db,
            r,
            "s1",
            "2025-11-01",
            transactions=[
                charge("10.00", "settled", "2025-11-30T23:00:00+00:00"),  # before the range
                charge("4.99", "settled", "2026-10-05T10:00:00+00:00"),
                charge("4.99", "settled", "2026-11-05T10:00:00+00:00", refunded=True),
                charge("4.99", "processor_declined", "2026-11-06T10:00:00+00:00"),
                charge("24.99", "voided", "2026-11-07T10:00:00+00:00", refunded=True),
                charge("39.99", "submitted_for_settlement", "2026-11-20T10:00:00+00:00"),
            ],
        )
        subscription(
            db,
            r,
            "s2",
            "2026-01-01",
            transactions=[
                charge("19.99", "settling", "2026-01-31T23:59:59+00:00", refunded=None),
                charge("0.10", "authorized", "2026-12-01T00:00:00+00:00"),  # after the range
            ],
        )
        subscription(db, r, "s3", "2026-01-01")  # nothing charged
    body = chart(console_as("marketing"), "revenue")
    assert (body["unit"], body["currency"]) == ("cents", "USD")
    jan, octo, nov = (body["buckets"].index(m) for m in ("2026-01", "2026-10", "2026-11"))
    expected_net = [0] * 12
    expected_net[jan], expected_net[octo], expected_net[nov] = 1999, 499, 3999
    expected_refunded = [0] * 12
    expected_refunded[nov] = 499
    assert values(body) == {"net": expected_net, "refunded": expected_refunded}
    december = chart(console_as("admin"), "revenue", **{"from": "2026-12-01", "to": "2026-12-31"})
    assert values(december) == {"net": [10], "refunded": [0]}


def test_referrals_made_and_converted_in_the_publishers_programme(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    with runtime.sessions.begin() as db:
        for alias in (runtime.settings.referral_tenant, "another_merchant"):
            tenant = Tenant(
                alias=alias, name=alias, api_key="k", mode="test", created_at=at("2025-01-01")
            )
            db.add(tenant)
            db.flush()
            programme = Programme(
                tenant_id=tenant.id,
                slug="p",
                name="P",
                referrer_reward="r",
                referred_reward="r",
                conversion_keys=["membership_started"],
                landing_url="http://testserver/",
                created_at=at("2025-01-01"),
            )
            db.add(programme)
            db.flush()
            users = []
            for i in range(4):
                user = ReferralUser(
                    tenant_id=tenant.id,
                    account_id=f"a{i}",
                    user_id=f"u{i}",
                    referral_code=f"CODE{i}",
                    share_link="http://testserver/r",
                    created_at=at("2025-01-01"),
                    updated_at=at("2025-01-01"),
                )
                db.add(user)
                users.append(user)
            db.flush()
            made = [
                ("2026-02-03", "2026-03-01"),
                ("2026-02-20", None),
                ("2026-03-05", "2026-03-09"),
            ]
            for friend, (created, converted) in zip(users[1:], made, strict=True):
                db.add(
                    Referral(
                        tenant_id=tenant.id,
                        programme_id=programme.id,
                        referrer_id=users[0].id,
                        referred_id=friend.id,
                        code="CODE0",
                        status="CONVERTED" if converted else "PENDING",
                        created_at=at(created),
                        converted_at=at(converted) if converted else None,
                    )
                )
    body = chart(console_as("support"), "referral-conversions")
    assert body["stacked"] is False
    feb, mar = body["buckets"].index("2026-02"), body["buckets"].index("2026-03")
    series = values(body)
    assert {i: v for i, v in enumerate(series["referred"]) if v} == {feb: 2, mar: 1}
    assert {i: v for i, v in enumerate(series["converted"]) if v} == {mar: 2}
