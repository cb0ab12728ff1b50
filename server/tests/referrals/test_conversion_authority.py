"""Rewards need a purchase: conversion events come only from the server side.

The attack (issue 11, item 2): a signed-in reader fetches their own referral JWT from the site
API, upserts themself with a cookie naming any referrer's code, and tracks
`membership_started` themself: both rewards, a fuel-tank code included, without paying.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.referrals.models import FuelTankCode, Referral, Reward, UserEvent
from tests.referrals.helpers import (
    BASE,
    LIVE,
    LIVE_KEY,
    auth,
    count,
    encoded,
    referral_cookie,
    seed,
    server_auth,
    token,
    upsert,
)
from tests.site.helpers import referral_jwt, register_reader


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _events(client: TestClient, ids: dict[str, str], *keys: str, **kw: Any) -> Any:
    account, user = ids["accountId"], ids["id"]
    return client.post(
        f"{BASE}/open/account/{account}/user/{user}/events",
        json={"accountId": account, "userId": user, "events": [{"key": k} for k in keys]},
        **kw,
    )


def _referred_reader(client: TestClient) -> tuple[dict[str, str], str]:
    """A reader, signed in on the site, referred by Rita's code: (their ids, their JWT)."""
    code = upsert(client, "rita", "rita", firstName="Rita").json()["user"]["referralCode"]
    register_reader(client, "mallory@example.com", "Mal", "Lory")
    issued = referral_jwt(client).json()
    ids, jwt = issued["user"], issued["jwt"]
    me = upsert(
        client,
        ids["accountId"],
        ids["id"],
        headers=auth(jwt),
        cookies=encoded(referral_cookie(code)),
    )
    assert me.json()["user"]["referredBy"]["code"] == code  # attribution itself is fair
    return ids, jwt


def _nothing_rewarded(runtime: Runtime) -> None:
    assert count(runtime, Reward) == 0
    assert count(runtime, FuelTankCode, FuelTankCode.reward_id.is_not(None)) == 0
    with runtime.sessions() as db:
        assert [r.status for r in db.scalars(select(Referral))] == ["PENDING"]


def test_a_reader_cannot_reward_themself_with_their_own_jwt(
    client: TestClient, runtime: Runtime
) -> None:
    ids, jwt = _referred_reader(client)
    response = _events(client, ids, "membership_started", headers=auth(jwt))
    assert response.status_code == 403
    body = response.json()
    assert body["type"] == "forbidden"
    assert body["apiErrorCode"] == "SERVER_ONLY_EVENT"
    assert body["message"] == (
        '"membership_started" is a conversion event: only the merchant\'s server may send it, '
        "after a real purchase, with the tenant's API key (HTTP Basic auth), never with a user "
        "token."
    )
    _nothing_rewarded(runtime)
    assert count(runtime, UserEvent) == 0


@pytest.mark.parametrize(
    "keys", [("purchase",), ("page_view", "membership_started"), ("membership_started",) * 2]
)
def test_every_conversion_key_is_refused_from_a_page(
    client: TestClient, runtime: Runtime, keys: tuple[str, ...]
) -> None:
    ids, jwt = _referred_reader(client)
    assert _events(client, ids, *keys, headers=auth(jwt)).status_code == 403
    # the demo tenant is in test mode and takes unsigned calls: not these
    assert _events(client, ids, *keys).status_code == 403
    _nothing_rewarded(runtime)
    assert count(runtime, UserEvent) == 0  # refused whole: nothing half stored


def test_other_events_still_come_from_the_page(client: TestClient, runtime: Runtime) -> None:
    ids, jwt = _referred_reader(client)
    assert _events(client, ids, "page_view", headers=auth(jwt)).json() == {"accepted": 1}
    assert count(runtime, UserEvent) == 1
    _nothing_rewarded(runtime)


def test_the_merchants_server_converts_with_the_api_key(
    client: TestClient, runtime: Runtime
) -> None:
    ids, _ = _referred_reader(client)
    for wrong in (server_auth("not-the-key"), {"Authorization": "Basic %%%"}):
        refused = _events(client, ids, "membership_started", headers=wrong)
        assert refused.status_code == 401
        assert refused.json()["apiErrorCode"] == "INVALID_API_KEY"
        assert "does not match this tenant's key" in refused.json()["message"]
    _nothing_rewarded(runtime)
    converted = _events(client, ids, "membership_started", headers=server_auth())
    assert converted.json() == {"accepted": 1}
    with runtime.sessions() as db:
        rewards = {r.kind: r.fuel_tank_code for r in db.scalars(select(Reward))}
    assert rewards == {"referrer": None, "referred": "FREEMONTH-0001"}


def test_a_live_tenant_refuses_conversions_from_user_tokens_too(client: TestClient) -> None:
    headers = auth(token("f", "f", key=LIVE_KEY))
    upsert(client, "f", "f", tenant=LIVE, headers=headers)
    url = f"/api/v1/{LIVE}/open/account/f/user/f/events"
    body = {"accountId": "f", "userId": "f", "events": [{"key": "purchase"}]}
    assert client.post(url, json=body).status_code == 401  # no token at all: as before
    assert client.post(url, json=body, headers=headers).status_code == 403
    assert client.post(url, json=body, headers=server_auth(LIVE_KEY)).json() == {"accepted": 1}
    # the other tenant's key is not this one's
    assert client.post(url, json=body, headers=server_auth()).status_code == 401


def test_attribution_comes_only_from_the_cookie(client: TestClient, runtime: Runtime) -> None:
    code = upsert(client, "rita", "rita").json()["user"]["referralCode"]
    signed = token("f", "f", user={"referredBy": {"code": code}, "referralCode": code})
    claimed = upsert(
        client,
        "f",
        "f",
        headers=auth(signed),
        referredBy={"code": code},
        referralCode=code,
        referrer=code,
    ).json()["user"]
    assert "referredBy" not in claimed
    assert claimed["referralCode"] != code
    assert count(runtime, Referral) == 0


def test_the_demo_merchants_purchase_cannot_convert_a_reader(
    client: TestClient, runtime: Runtime
) -> None:
    # Under `make run` the demo merchant shares its tenant with the site: its purchase button
    # converts only the demo's own customers, never a reader (billing converts those, once paid).
    ids, _jwt = _referred_reader(client)
    response = client.post("/demo/merchant/purchase", json={"user": ids["id"]})
    assert response.status_code == 403
    assert response.json()["type"] == "not-a-demo-participant"
    _nothing_rewarded(runtime)
