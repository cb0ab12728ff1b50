"""GET /demo/merchant, the demo merchant page (in a browser: e2e/referrals-demo.spec.ts)."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient


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
