"""Tracked events and conversion: rewards and fuel-tank codes issued exactly once."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.referrals import conversions
from masthead.referrals.models import FuelTankCode, Referral, Reward, UserEvent
from tests.referrals.helpers import (
    BASE,
    LIVE,
    LIVE_KEY,
    TENANT,
    auth,
    count,
    encoded,
    referral_cookie,
    seed,
    server_auth,
    token,
    upsert,
)


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _refer(
    client: TestClient, friend: str = "f", tenant: str = TENANT, key: str | None = None
) -> str:
    """The referrer `ref` (made once) refers `friend`; returns the referrer's code."""
    headers = auth(token("ref", "ref", key=key)) if key else None
    code: str = upsert(client, "ref", "ref", tenant=tenant, headers=headers).json()["user"][
        "referralCode"
    ]
    programme = "masthead-referral" if tenant == TENANT else "live-programme"
    cookie = encoded(referral_cookie(code, tenant=tenant, programme=programme))
    headers = auth(token(friend, friend, key=key)) if key else None
    upsert(client, friend, friend, tenant=tenant, headers=headers, cookies=cookie)
    return code


def _events(
    client: TestClient, user: str, *events: dict[str, Any], tenant: str = TENANT, **kw: Any
) -> Any:
    return client.post(
        f"/api/v1/{tenant}/open/account/{user}/user/{user}/events",
        json={"accountId": user, "userId": user, "events": list(events)},
        **kw,
    )


def _user(client: TestClient, user: str) -> dict[str, Any]:
    body: dict[str, Any] = upsert(client, user, user).json()["user"]
    return body


def test_events_are_stored_and_a_purchase_converts(client: TestClient, runtime: Runtime) -> None:
    _refer(client)
    response = _events(
        client,
        "f",
        {"key": "page_view", "fields": {"path": "/x"}},
        {"key": "purchase"},
        headers=server_auth(),
    )
    assert response.status_code == 200
    assert response.json() == {"accepted": 2}
    assert count(runtime, UserEvent) == 2
    with runtime.sessions() as db:
        [referral] = db.scalars(select(Referral)).all()
        assert referral.status == "CONVERTED"
        rewards = {r.kind: r for r in db.scalars(select(Reward))}
    assert set(rewards) == {"referrer", "referred"}
    assert rewards["referrer"].description == "$10 off your next month"
    assert rewards["referrer"].fuel_tank_code is None
    assert rewards["referred"].description == "Your first month free"
    assert rewards["referred"].fuel_tank_code == "FREEMONTH-0001"

    friend = _user(client, "f")
    assert friend["referredBy"]["referredReward"]["fuelTankCode"] == "FREEMONTH-0001"
    widget = client.get(
        f"{BASE}/widget/account/f/user/f/render", params={"widgetType": "CONVERSION_WIDGET"}
    ).json()["template"]
    assert 'value="FREEMONTH-0001"' in widget and "Your reward code" in widget
    stats = client.get(f"{BASE}/widget/account/ref/user/ref/render").json()["template"]
    assert "<dt>Friends who joined</dt><dd>1</dd>" in stats
    assert "<li>$10 off your next month</li>" in stats


def test_a_repeated_conversion_event_rewards_once(client: TestClient, runtime: Runtime) -> None:
    _refer(client)
    for _ in range(3):
        assert _events(client, "f", {"key": "purchase"}, headers=server_auth()).json() == {
            "accepted": 1
        }
    converted = _events(client, "f", {"key": "membership_started"}, headers=server_auth())
    assert converted.json() == {"accepted": 1}
    assert count(runtime, Reward) == 2
    assert count(runtime, FuelTankCode, FuelTankCode.reward_id.is_not(None)) == 1


def test_dedupe_keys_drop_repeats(client: TestClient, runtime: Runtime) -> None:
    upsert(client, "f", "f")
    event = {"key": "purchase", "dedupeKey": "order-1"}
    server = server_auth()
    assert _events(client, "f", event, event, headers=server).json() == {"accepted": 1}
    assert _events(client, "f", event, headers=server).json() == {"accepted": 0}
    order_2 = {"key": "purchase", "dedupeKey": "order-2"}
    assert _events(client, "f", order_2, headers=server).json() == {"accepted": 1}
    upsert(client, "g", "g")  # another user may use the same key
    assert _events(client, "g", event, headers=server).json() == {"accepted": 1}
    assert count(runtime, UserEvent) == 3


def test_other_keys_do_not_convert(client: TestClient, runtime: Runtime) -> None:
    _refer(client)
    _events(client, "f", {"key": "signup"}, {"key": "purchase_intent"})
    assert count(runtime, Reward) == 0
    not_referred = _events(client, "ref", {"key": "purchase"}, headers=server_auth())
    assert not_referred.status_code == 200
    assert count(runtime, Reward) == 0


def test_events_validation(client: TestClient) -> None:
    upsert(client, "f", "f")
    mismatch = client.post(
        f"{BASE}/open/account/f/user/f/events", json={"accountId": "f", "userId": "g", "events": []}
    )
    assert mismatch.status_code == 400
    assert "must match the ids in the path" in mismatch.json()["message"]
    bad_events: list[dict[str, Any]] = [
        {"key": ""},
        {"key": "has space"},
        {"fields": {}},
        {"key": "k", "fields": [1]},
    ]
    for bad in bad_events:
        response = _events(client, "f", bad)
        assert response.status_code == 400, bad
        assert response.json()["apiErrorCode"] == "BAD_REQUEST"
    big = _events(client, "f", {"key": "k", "fields": {"blob": "x" * 10_001}})
    assert big.status_code == 400 and "events[0].fields is larger" in big.json()["message"]
    not_array = client.post(
        f"{BASE}/open/account/f/user/f/events", json={"accountId": "f", "userId": "f", "events": {}}
    )
    assert not_array.status_code == 400
    unknown = _events(client, "nobody", {"key": "purchase"}, headers=server_auth())
    assert unknown.status_code == 404 and unknown.json()["apiErrorCode"] == "USER_NOT_FOUND"


def test_live_events_need_the_users_token(client: TestClient) -> None:
    _refer(client, tenant=LIVE, key=LIVE_KEY)
    assert _events(client, "f", {"key": "purchase"}, tenant=LIVE).status_code == 401
    other = _events(
        client,
        "f",
        {"key": "purchase"},
        tenant=LIVE,
        headers=auth(token("ref", "ref", key=LIVE_KEY)),
    )
    assert other.status_code == 401
    signed = _events(
        client, "f", {"key": "page_view"}, tenant=LIVE, headers=auth(token("f", "f", key=LIVE_KEY))
    )
    assert signed.json() == {"accepted": 1}


def test_each_fuel_tank_code_goes_to_one_reward(client: TestClient, runtime: Runtime) -> None:
    friends = [f"f{n}" for n in range(4)]  # the live bank holds 3 codes
    for friend in friends:
        _refer(client, friend, tenant=LIVE, key=LIVE_KEY)
        response = _events(
            client,
            friend,
            {"key": "purchase"},
            tenant=LIVE,
            headers=server_auth(LIVE_KEY),
        )
        assert response.json() == {"accepted": 1}
    with runtime.sessions() as db:
        codes = [
            r.fuel_tank_code
            for r in db.scalars(select(Reward).where(Reward.kind == "referred").order_by(Reward.id))
        ]
        assert codes == ["LIVE-0", "LIVE-1", "LIVE-2", None]  # the empty bank is logged, not fatal
        handed = db.scalars(
            select(FuelTankCode.reward_id).where(FuelTankCode.reward_id.is_not(None))
        ).all()
        assert len(set(handed)) == 3
    last = client.get(
        f"/api/v1/{LIVE}/widget/account/f3/user/f3/render",
        params={"widgetType": "CONVERSION_WIDGET"},
        headers=auth(token("f3", "f3", key=LIVE_KEY)),
    ).json()["template"]
    assert "Your reward is recorded." in last
    referrer = client.get(
        f"/api/v1/{LIVE}/widget/account/ref/user/ref/render",
        headers=auth(token("ref", "ref", key=LIVE_KEY)),
    ).json()["template"]
    assert referrer.count("<li>A tote bag</li>") == 4


def test_record_conversion_for_masthead_services(client: TestClient, runtime: Runtime) -> None:
    _refer(client)
    with runtime.sessions.begin() as db:
        assert (
            conversions.record_conversion(db, runtime, TENANT, "nobody", "nobody", "purchase")
            is False
        )
        assert conversions.record_conversion(db, runtime, TENANT, "f", "f", "signup") is False
        assert (
            conversions.record_conversion(db, runtime, TENANT, "f", "f", "membership_started")
            is True
        )
        assert conversions.record_conversion(db, runtime, TENANT, "f", "f", "purchase") is False
    assert count(runtime, Reward) == 2
    assert count(runtime, UserEvent) == 3


def _convert_in_thread(
    runtime: Runtime,
    results: dict[str, tuple[bool, float]],
    name: str,
    converted: threading.Event,
) -> None:
    with runtime.sessions() as db:
        if name == "second":
            converted.wait(10)
        started = time.monotonic()
        won = conversions.record_conversion(db, runtime, TENANT, "f", "f", "purchase")
        took = time.monotonic() - started
        if name == "first":
            converted.set()
            time.sleep(0.5)  # hold the converted row, uncommitted, while the other one tries
        db.commit()
        results[name] = (won, took)


def test_concurrent_conversions_reward_once(client: TestClient, runtime: Runtime) -> None:
    """The second transaction reaches the referral while the first holds it uncommitted."""
    _refer(client)
    converted = threading.Event()
    results: dict[str, tuple[bool, float]] = {}
    threads = [
        threading.Thread(target=_convert_in_thread, args=(runtime, results, name, converted))
        for name in ("first", "second")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert results["first"][0] is True
    assert results["second"][0] is False
    # it had to wait for the first to commit (a row lock on PostgreSQL, the write lock on
    # SQLite), so the two really overlapped
    assert results["second"][1] >= 0.3
    assert count(runtime, Reward) == 2
    assert count(runtime, FuelTankCode, FuelTankCode.reward_id.is_not(None)) == 1
    assert count(runtime, UserEvent) == 2


def test_racing_conversions_reward_once(client: TestClient, runtime: Runtime) -> None:
    _refer(client)
    start = threading.Barrier(4)
    results: list[bool] = []

    def race() -> None:
        with runtime.sessions() as db:
            start.wait(10)
            results.append(conversions.record_conversion(db, runtime, TENANT, "f", "f", "purchase"))
            db.commit()

    threads = [threading.Thread(target=race) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(results) == [False, False, False, True]
    assert count(runtime, Reward) == 2
    assert count(runtime, FuelTankCode, FuelTankCode.reward_id.is_not(None)) == 1
