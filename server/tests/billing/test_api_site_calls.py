"""POST /wp-json/nyp-membership/v1/prepare-customer and /postal-code."""

from __future__ import annotations

import base64
import json
from typing import Any

from fastapi.testclient import TestClient

from masthead.billing.gateway import PaymentGateway
from masthead.billing.memberships.models import BillingCustomer
from masthead.braintree_sandbox.models import SandboxCustomer
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from tests.billing.api_helpers import SITE, count, profile, setup, sign_in, subscribe
from tests.billing.api_helpers import nonce as card_nonce

PREPARE = f"{SITE}/prepare-customer"
POSTAL = f"{SITE}/postal-code"


def postal(client: TestClient, state: str, postal_code: str, **extra: Any) -> Any:
    return client.post(POSTAL, json={"state": state, "postal_code": postal_code, **extra})


def test_prepare_customer_makes_the_customer_once(
    client: TestClient, runtime: Runtime, gateway: PaymentGateway
) -> None:
    """On the sandbox and on the Braintree SDK adapter (over the sandbox's wire protocol)."""
    sandbox = setup(runtime)
    runtime.payment_gateway = gateway
    tracking_id = sign_in(client)
    first = client.post(PREPARE)
    assert first.status_code == 200, first.text
    assert first.headers["cache-control"] == "no-store"
    body = first.json()
    assert body["customer_id"] == tracking_id
    claims = json.loads(base64.b64decode(body["client_token"]))
    assert claims["authorizationFingerprint"] and claims["clientApiUrl"]
    again = client.post(
        PREPARE,
        json={"session_id": client.cookies.get(SESSION_COOKIE), "tracking_id": tracking_id},
    )
    assert again.status_code == 200
    assert again.json()["customer_id"] == tracking_id
    assert count(runtime, BillingCustomer) == count(runtime, SandboxCustomer) == 1
    # The card form's nonce is then vaulted on that customer by subscribe.
    assert subscribe(client, "sports-annual", card_nonce(sandbox)).status_code == 200
    assert count(runtime, SandboxCustomer) == 1


def test_prepare_customer_refusals(client: TestClient, runtime: Runtime) -> None:
    setup(runtime)
    anonymous = client.post(PREPARE)
    assert (anonymous.status_code, anonymous.json()["type"]) == (401, "unauthorized")
    sign_in(client)
    for body in ({"tracking_id": "someone-else"}, {"session_id": "another-session"}):
        mismatch = client.post(PREPARE, json=body)
        assert (mismatch.status_code, mismatch.json()["type"]) == (403, "session-mismatch")
    runtime.settings.country_header = "X-Test-Country"
    outside = client.post(PREPARE, headers={"X-Test-Country": "GB"})
    assert outside.status_code == 403
    assert outside.json() == {
        "type": "unsupported-region",
        "message": "Memberships are not available in your region.",
    }
    runtime.settings.membership_enabled = False
    disabled = client.post(PREPARE)
    assert (disabled.status_code, disabled.json()["type"]) == (403, "membership-disabled")
    assert count(runtime, BillingCustomer) == count(runtime, SandboxCustomer) == 0


def test_postal_code_is_kept_on_the_profile(client: TestClient, runtime: Runtime) -> None:
    tracking_id = sign_in(client)
    response = postal(
        client,
        "ny",
        "10001 1234",
        session_id=client.cookies.get(SESSION_COOKIE),
        tracking_id=tracking_id,
    )
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    assert response.json() == {
        "state": "NY",
        "postal_code": "10001-1234",
        "in_supported_region": True,
        "message": None,
    }
    shown = client.get("/blaize/profile").json()
    assert (shown["billing-state"], shown["billing-postal-code"]) == ("NY", "10001-1234")
    assert postal(client, "CA", "90210").status_code == 200
    assert (profile(runtime)["billing-state"], profile(runtime)["billing-postal-code"]) == (
        "CA",
        "90210",
    )
    # Billing keeps these keys: the reader's own profile update cannot set them.
    refused = client.post("/blaize/profile", json={"billing-postal-code": "99999"})
    assert refused.status_code == 400


def test_postal_code_says_when_memberships_are_not_sold_there(
    client: TestClient, runtime: Runtime
) -> None:
    sign_in(client)
    runtime.settings.supported_states = "NJ, NY"
    assert postal(client, "NJ", "07030").json()["in_supported_region"] is True
    elsewhere = postal(client, "CA", "90210")
    assert elsewhere.status_code == 200
    assert elsewhere.json() == {
        "state": "CA",
        "postal_code": "90210",
        "in_supported_region": False,
        "message": "Memberships are not available in your region.",
    }
    assert profile(runtime)["billing-postal-code"] == "90210"
    runtime.settings.supported_states = ""
    runtime.settings.supported_countries = "CA"
    assert postal(client, "NY", "10001").json()["in_supported_region"] is False
    runtime.settings.supported_countries = ""
    assert postal(client, "NY", "10001").json()["in_supported_region"] is True


def test_postal_code_refusals_say_what_to_fix(client: TestClient, runtime: Runtime) -> None:
    anonymous = postal(client, "NY", "10001")
    assert (anonymous.status_code, anonymous.json()["type"]) == (401, "unauthorized")
    sign_in(client)
    cases = [
        (("New York", "10001"), "bad-request", "The state field must be a US state code, like NY."),
        (
            ("NY", "1001"),
            "bad-request",
            "The postal_code field must be a ZIP code of 5 digits, like 10001, or ZIP+4, "
            "like 10001-1234.",
        ),
        (
            ("NY", "90210"),
            "postal-code-mismatch",
            "The ZIP code 90210 is not in NY. Please check the state and ZIP code.",
        ),
    ]
    for (state, postal_code), kind, message in cases:
        response = postal(client, state, postal_code)
        assert response.status_code == 400
        assert response.json() == {"type": kind, "message": message}
    missing = client.post(POSTAL, json={"state": "NY"})
    assert (missing.status_code, missing.json()["type"]) == (400, "bad-request")
    assert "postal_code" in missing.json()["message"]
    mismatch = postal(client, "NY", "10001", tracking_id="someone-else")
    assert (mismatch.status_code, mismatch.json()["type"]) == (403, "session-mismatch")
    mismatch = postal(client, "NY", "10001", session_id="another-session")
    assert mismatch.status_code == 403
    assert "billing-postal-code" not in profile(runtime)  # nothing refused was kept
