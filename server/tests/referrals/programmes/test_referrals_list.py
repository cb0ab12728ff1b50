"""A tenant's referrals in the console: newest first, a page at a time, with their status and
the rewards given; filtered by programme and status; read only."""

from __future__ import annotations

from datetime import datetime, timedelta

from fastapi import FastAPI

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals import cookie
from tests.referrals.programmes.helpers import (
    MERCHANT,
    TENANTS,
    create_programme,
    create_tenant,
    marketing,
    track,
    widget_upsert,
)
from tests.staff.conftest import console_client

REFERRALS = f"{TENANTS}/acme/referrals"


def test_referrals_are_listed_newest_first_with_their_rewards(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    key = create_tenant(mk.client)["api_key"]
    create_programme(mk.client)
    create_programme(mk.client, slug="vip", name="VIP", referred_reward="A VIP gift")
    mk.client.post(f"{TENANTS}/acme/programmes/friends/codes", json={"csv": "ACME-0001\n"})
    page = console_client(app)
    page.headers["Origin"] = MERCHANT
    code = widget_upsert(
        page, "acme", "ref", email="ref@example.com", firstName="Rae", lastName="Ferrer"
    ).json()["user"]["referralCode"]
    for friend, programme in (("f1", "friends"), ("f2", "friends"), ("f3", "vip")):
        clock.advance(timedelta(minutes=1))
        value = cookie.encode(
            cookie.build("testserver", "acme", programme, code, datetime(2030, 1, 1))
        )
        widget_upsert(page, "acme", friend, email=f"{friend}@example.com", cookies=value)
    clock.advance(timedelta(minutes=1))
    assert track(page, "acme", "f1", key).status_code == 200

    listed = mk.client.get(REFERRALS)
    assert listed.status_code == 200
    body = listed.json()
    assert [(r["referred"]["user_id"], r["programme"], r["status"]) for r in body["items"]] == [
        ("f3", "vip", "PENDING"),
        ("f2", "friends", "PENDING"),
        ("f1", "friends", "CONVERTED"),
    ]
    assert body["next"] is None
    converted = body["items"][2]
    assert converted["referrer"] == {
        "account_id": "ref",
        "user_id": "ref",
        "email": "ref@example.com",
        "name": "Rae Ferrer",
    }
    assert converted["code"] == code
    assert converted["converted_at"] == clock.now().isoformat().replace("+00:00", "Z")
    assert [(r["kind"], r["description"], r["fuel_tank_code"]) for r in converted["rewards"]] == [
        ("referrer", "A tote bag", None),
        ("referred", "20% off your first order", "ACME-0001"),
    ]
    assert body["items"][0]["rewards"] == [] and body["items"][0]["converted_at"] is None

    first = mk.client.get(REFERRALS, params={"limit": 2}).json()
    assert [r["referred"]["user_id"] for r in first["items"]] == ["f3", "f2"]
    rest = mk.client.get(REFERRALS, params={"limit": 2, "before": first["next"]}).json()
    assert ([r["referred"]["user_id"] for r in rest["items"]], rest["next"]) == (["f1"], None)

    def ids(**query: str) -> list[str]:
        items = mk.client.get(REFERRALS, params=query).json()["items"]
        return [r["referred"]["user_id"] for r in items]

    assert ids(status="CONVERTED") == ["f1"]
    assert ids(programme="vip") == ["f3"]
    assert ids(programme="friends", status="PENDING") == ["f2"]
    unknown = mk.client.get(REFERRALS, params={"programme": "nope"})
    assert (unknown.status_code, unknown.json()["type"]) == (404, "programme-not-found")
    bad = mk.client.get(REFERRALS, params={"status": "DONE"})
    assert bad.status_code == 400
    assert mk.client.get(f"{TENANTS}/nobody/referrals").status_code == 404
