"""GET /demo/merchant, the demo merchant page (in a browser: e2e/referrals-demo.spec.ts)."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.referrals.models import Reward
from masthead.referrals.seed import seed_referrals
from tests.referrals.helpers import count, encoded, referral_cookie, upsert


def config_of(html: str) -> dict[str, object]:
    found = re.search(r'<script id="demo-config" type="application/json">(.*?)</script>', html)
    assert found is not None
    parsed: dict[str, object] = json.loads(found.group(1))
    return parsed


def test_the_page_acts_as_the_demo_reader_and_fetches_only_from_this_server(
    client: TestClient,
) -> None:
    response = client.get("/demo/merchant")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    html = response.text
    assert "'/widget/squatch.min.js'" in html
    assert 'class="squatchpop"' in html and 'id="squatchembed"' in html
    assert 'id="referral-code"' in html
    assert config_of(html) == {
        "tenantAlias": "test_masthead",
        "domain": "http://testserver",
        "user": {"id": "demo", "accountId": "demo"},
    }
    assert "demo-referral-key" not in html  # the page never holds the tenant's API key


def test_as_names_another_reader(client: TestClient) -> None:
    html = client.get("/demo/merchant", params={"as": "alice_2"}).text
    assert config_of(html)["user"] == {"id": "alice_2", "accountId": "alice_2"}
    assert "You are acting as <strong>alice_2</strong>" in html


def test_a_share_link_landing_acts_as_nobody(client: TestClient) -> None:
    html = client.get("/demo/merchant", params={"_saasquatch": "e30"}).text
    assert config_of(html)["user"] is None
    assert "You followed a share link" in html
    assert 'class="squatchpop"' not in html


def test_a_name_that_is_not_an_id_is_400(client: TestClient) -> None:
    for name in ["", "<script>", "a" * 65, "a b"]:
        response = client.get("/demo/merchant", params={"as": name})
        assert response.status_code == 400, name
        assert "<script>" not in response.text


def test_the_demo_merchants_server_records_a_purchase_that_converts_a_referral_once(
    client: TestClient, runtime: Runtime
) -> None:
    # `purchase` is a conversion event, which a browser may not send: the page asks its server.
    seed_referrals(runtime)
    code = upsert(client, "ref", "ref").json()["user"]["referralCode"]
    upsert(client, "friend", "friend", cookies=encoded(referral_cookie(code)))
    first = client.post("/demo/merchant/purchase", json={"user": "friend"})
    assert first.status_code == 200
    assert first.json() == {"converted": True}
    assert client.post("/demo/merchant/purchase", json={"user": "friend"}).json() == {
        "converted": False
    }
    assert count(runtime, Reward) == 2  # the referrer's and the friend's


def test_a_purchase_for_someone_nobody_referred_converts_nothing(
    client: TestClient, runtime: Runtime
) -> None:
    seed_referrals(runtime)
    upsert(client, "loner", "loner")
    for user in ["loner", "nobody-yet"]:
        response = client.post("/demo/merchant/purchase", json={"user": user})
        assert response.status_code == 200
        assert response.json() == {"converted": False}


def test_a_purchase_for_a_name_that_is_not_an_id_is_400(client: TestClient) -> None:
    for body in [{"user": "<script>"}, {"user": ""}, {}, {"user": "a" * 65}]:
        response = client.post("/demo/merchant/purchase", json=body)
        assert response.status_code == 400, body
        assert set(response.json()) == {"type", "message"}
