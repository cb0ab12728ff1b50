"""Referral attribution from the `_saasquatch` cookie, the cookie reader and share links."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals import cookie, service
from masthead.referrals.inputs import UserFields
from masthead.referrals.models import Referral, ReferralUser
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
    token,
    upsert,
)


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _referrer(
    client: TestClient,
    account: str = "ref-acct",
    user: str = "ref",
    email: str = "rita@example.com",
) -> str:
    response = upsert(client, account, user, firstName="Rita", email=email)
    code: str = response.json()["user"]["referralCode"]
    return code


def test_first_upsert_is_attributed_from_the_cookie(client: TestClient) -> None:
    code = _referrer(client)
    friend = upsert(
        client, "f-acct", "f", cookies=encoded(referral_cookie(code)), email="f@example.com"
    )
    assert friend.status_code == 200
    assert friend.json()["user"]["referredBy"] == {
        "code": code,
        "referredReward": {"fuelTankCode": None, "description": "Your first month free"},
    }
    template = client.get(
        f"{BASE}/widget/account/f-acct/user/f/render", params={"widgetType": "CONVERSION_WIDGET"}
    ).json()["template"]
    assert "A friend referred you" in template
    assert "Start your membership to get your reward: Your first month free." in template
    stats = client.get(f"{BASE}/widget/account/ref-acct/user/ref/render").json()["template"]
    assert "<dt>Friends referred</dt><dd>1</dd>" in stats


def test_deep_merged_cookie_with_two_tenants(client: TestClient) -> None:
    test_code = _referrer(client)
    live_code = upsert(
        client, "l-acct", "l", tenant=LIVE, headers=auth(token("l-acct", "l", key=LIVE_KEY))
    ).json()["user"]["referralCode"]
    value = encoded(
        referral_cookie(live_code, tenant=LIVE, programme="live-programme", domain="other.example"),
        referral_cookie(test_code),
    )
    here = upsert(client, "f", "f", cookies=value).json()["user"]
    assert here["referredBy"]["code"] == test_code
    there = upsert(
        client, "f", "f", tenant=LIVE, headers=auth(token("f", "f", key=LIVE_KEY)), cookies=value
    ).json()["user"]
    assert there["referredBy"]["code"] == live_code


def test_the_cookie_may_come_decoded_or_as_the_request_cookie(client: TestClient) -> None:
    code = _referrer(client)
    decoded = upsert(client, "f1", "f1", cookies=referral_cookie(code)).json()["user"]
    assert decoded["referredBy"]["code"] == code
    client.cookies.set(cookie.COOKIE_NAME, encoded(referral_cookie(code)))
    riding = upsert(client, "f2", "f2").json()["user"]
    assert riding["referredBy"]["code"] == code


def test_self_referral_is_refused(client: TestClient, runtime: Runtime) -> None:
    code = _referrer(client)
    value = encoded(referral_cookie(code))
    # another user of the same account, and another account with the same email
    same_account = upsert(client, "ref-acct", "ref-2", cookies=value).json()["user"]
    same_email = upsert(client, "x", "x", cookies=value, email="RITA@example.com").json()["user"]
    # the referrer clicking their own link later
    themselves = upsert(client, "ref-acct", "ref", cookies=value).json()["user"]
    for user in (same_account, same_email, themselves):
        assert "referredBy" not in user
    assert count(runtime, Referral) == 0


def test_no_attribution_after_the_first_upsert(client: TestClient, runtime: Runtime) -> None:
    first, second = _referrer(client), _referrer(client, "acct-2", "ref-2", email="sam@example.com")
    assert upsert(client, "f", "f").json()["user"].get("referredBy") is None
    later = upsert(client, "f", "f", cookies=encoded(referral_cookie(first))).json()["user"]
    assert "referredBy" not in later
    attributed = upsert(client, "g", "g", cookies=encoded(referral_cookie(first))).json()["user"]
    again = upsert(client, "g", "g", cookies=encoded(referral_cookie(second))).json()["user"]
    assert attributed["referredBy"]["code"] == again["referredBy"]["code"] == first
    assert count(runtime, Referral) == 1


def test_unusable_cookies_do_not_attribute_or_fail(client: TestClient, clock: FrozenClock) -> None:
    code = _referrer(client)
    cases = {
        "garbage": "%%%not-base64",
        "unknown code": encoded(referral_cookie("NOSUCHCODE")),
        "expired": encoded(referral_cookie(code, expires=datetime(2026, 1, 1, tzinfo=UTC))),
        "other tenant": encoded(referral_cookie(code, tenant="someone_else")),
    }
    for n, (case, value) in enumerate(cases.items()):
        response = upsert(client, f"f{n}", f"f{n}", cookies=value)
        assert response.status_code == 200, case
        assert "referredBy" not in response.json()["user"], case


def test_cookie_user_is_attributed_too(client: TestClient) -> None:
    code = _referrer(client)
    response = client.put(
        f"{BASE}/widget/user/cookie_user",
        params={"widgetType": "CONVERSION_WIDGET"},
        json={"cookies": encoded(referral_cookie(code))},
    )
    assert response.json()["user"]["referredBy"]["code"] == code
    assert "A friend referred you" in response.json()["template"]


def test_squatch_cookie_json(client: TestClient) -> None:
    url = f"/a/{TENANT}/widgets/squatchcookiejson"
    value = encoded(
        referral_cookie("OTHER1", tenant=LIVE, programme="live-programme"),
        referral_cookie("ADA1234"),
        referral_cookie("OLD9", programme="old", expires=datetime(2020, 1, 1)),
    )
    response = client.get(url, params={"cookies": value})
    assert response.status_code == 200
    assert response.json() == {
        "codes": ["ADA1234"],  # squatch-js autofills codes[0]
        "codesByProgramme": {"masthead-referral": "ADA1234"},
        "code": "ADA1234",
    }
    assert client.get(url).json() == {"codes": [], "codesByProgramme": {}, "code": None}
    client.cookies.set(cookie.COOKIE_NAME, value)
    assert client.get(url).json()["code"] == "ADA1234"

    for bad, message in [("!!!", "not base64url"), ("W10", "must hold a JSON object")]:
        refused = client.get(url, params={"cookies": bad})
        assert refused.status_code == 400
        assert refused.json()["apiErrorCode"] == "INVALID_COOKIE"
        assert message in refused.json()["message"]
    assert client.get("/a/nobody/widgets/squatchcookiejson").status_code == 404


def test_share_link_lands_with_the_cookie_parameter(client: TestClient, clock: FrozenClock) -> None:
    code = _referrer(client)
    response = client.get(f"/a/{TENANT}/r/{code.lower()}", follow_redirects=False)
    assert response.status_code == 302
    target = urlsplit(response.headers["location"])
    assert f"{target.scheme}://{target.netloc}{target.path}" == "http://testserver/demo/merchant"
    value = parse_qs(target.query)["_saasquatch"][0]
    data = cookie.decode(value)
    assert cookie.codes_for_tenant(data, TENANT, clock.now()) == [("masthead-referral", code)]
    entry = data["testserver"][f"{TENANT}_{code}"]
    assert entry["codesExp"][code] == int(clock.now().timestamp()) + 365 * 86400

    # and it attributes a friend who arrives through it
    friend = upsert(client, "f", "f", cookies=value).json()["user"]
    assert friend["referredBy"]["code"] == code

    unknown = client.get(f"/a/{TENANT}/r/NOPE", follow_redirects=False)
    assert unknown.headers["location"] == "http://testserver/demo/merchant"


def test_share_link_keeps_the_landing_query(client: TestClient) -> None:
    code = upsert(
        client, "a", "u", tenant=LIVE, headers=auth(token("a", "u", key=LIVE_KEY))
    ).json()["user"]["referralCode"]
    location = client.get(f"/a/{LIVE}/r/{code}", follow_redirects=False).headers["location"]
    query = parse_qs(urlsplit(location).query)
    assert query["utm"] == ["ref"] and "_saasquatch" in query


def test_concurrent_first_upserts_make_one_user_and_one_referral(
    client: TestClient, runtime: Runtime
) -> None:
    code = _referrer(client)
    value = encoded(referral_cookie(code))
    start = threading.Barrier(3)
    made: list[int] = []

    def first_upsert() -> None:
        with runtime.sessions() as db:
            tenant = service.tenant_for(db, TENANT)
            start.wait(10)
            user = service.upsert_user(db, runtime, tenant, "f", "f", UserFields(), value)
            db.commit()
            made.append(user.id)

    threads = [threading.Thread(target=first_upsert) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(made) == 3 and len(set(made)) == 1
    assert count(runtime, ReferralUser) == 2  # the referrer and the friend
    assert count(runtime, Referral) == 1
