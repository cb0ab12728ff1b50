"""Every site API call but the public plan catalogue needs the page's nonce for its session."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import SITE, setup, sign_in

CALLS = [
    ("GET", f"{SITE}/membership", None),
    ("POST", f"{SITE}/pause-subscription-email/", {}),
    ("POST", f"{SITE}/subscriptions/x/retry", None),
    ("GET", f"{SITE}/subscriptions/x/discounts", None),
    ("POST", f"{SITE}/subscriptions/x/discounts", {"discount_id": "x"}),
    ("POST", f"{SITE}/prepare-customer", {}),
    ("POST", f"{SITE}/postal-code", {"state": "NY", "postal_code": "10001"}),
]


def test_site_calls_without_a_valid_nonce_are_403(client: TestClient, runtime: Runtime) -> None:
    setup(runtime)
    sign_in(client)
    for nonce in ("", "0123456789abcdef0123"):
        for method, path, body in CALLS:
            response = client.request(method, path, json=body, headers={"X-WP-Nonce": nonce})
            assert response.status_code == 403, (method, path, response.text)
            assert response.json() == {
                "type": "bad-nonce",
                "message": "Your page has expired. Please reload the page and try again.",
            }
    assert client.get(f"{SITE}/plans", headers={"X-WP-Nonce": ""}).status_code == 200


def test_a_nonce_stops_working_when_the_session_changes(client: TestClient) -> None:
    anonymous = client.get(f"{SITE}/nonce").json()["nonce"]
    sign_in(client)
    stale = client.get(f"{SITE}/membership", headers={"X-WP-Nonce": anonymous})
    assert stale.status_code == 403
    fresh = client.get(f"{SITE}/nonce")
    assert fresh.headers["cache-control"] == "no-store"
    ok = client.get(f"{SITE}/membership", headers={"X-WP-Nonce": fresh.json()["nonce"]})
    assert ok.status_code == 200
