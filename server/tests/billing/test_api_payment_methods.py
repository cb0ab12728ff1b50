"""The card form's token and the reader's payment methods."""

from __future__ import annotations

import base64
import json

from fastapi.testclient import TestClient

from masthead.billing.memberships.models import BillingCustomer
from masthead.billing.payment_methods.decline_messages import DECLINED
from masthead.deps import Runtime
from tests.billing.api_helpers import (
    DECLINED_CARD,
    METHODS,
    PAY,
    count,
    nonce,
    setup,
    sign_in,
    subscribe,
)


def test_reader_only(client: TestClient, runtime: Runtime) -> None:
    setup(runtime)
    for path in (f"{PAY}/token", METHODS, f"{PAY}/subscriptions"):
        response = client.get(path)
        assert response.status_code == 401
        assert response.json()["type"] == "unauthorized"


def test_token_creates_the_customer_once(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    tracking_id = sign_in(client)
    first = client.get(f"{PAY}/token")
    assert first.status_code == 200, first.text
    claims = json.loads(base64.b64decode(first.json()["token"]))
    assert f"customer_id={tracking_id}" in claims["authorizationFingerprint"]
    assert client.get(f"{PAY}/token").status_code == 200
    assert count(runtime, BillingCustomer) == 1
    assert sandbox.find_customer(tracking_id).email == "ada@example.com"


def test_vault_and_list(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    assert client.get(METHODS).json() == []
    response = client.post(METHODS, json={"payment_method_nonce": nonce(sandbox)})
    assert response.status_code == 201, response.text
    method = response.json()
    assert method == {
        "token": method["token"],
        "type": "CreditCard",
        "card_type": "Visa",
        "last_4": "1111",
        "expiration_month": 12,
        "expiration_year": 2030,
        "default": True,
        "has_active_subscription": False,
        "expired": False,
        "expiring_soon": False,
        "image": method["image"],
        "email": None,
    }
    assert method["image"]
    assert client.get(METHODS).json() == [method]
    assert subscribe(client, "sports-annual", None).status_code == 200  # the default pays
    [listed] = client.get(METHODS).json()
    assert listed["has_active_subscription"] is True


def test_declined_card_is_402_with_the_processors_text(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    response = client.post(METHODS, json={"payment_method_nonce": nonce(sandbox, DECLINED_CARD)})
    assert response.status_code == 402
    assert response.json() == {"type": "payment-declined", "message": DECLINED}
    assert client.get(METHODS).json() == []


def test_a_used_nonce_is_400(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    card = nonce(sandbox)
    assert client.post(METHODS, json={"payment_method_nonce": card}).status_code == 201
    again = client.post(METHODS, json={"payment_method_nonce": card})
    assert again.status_code == 400
    assert again.json()["type"] == "bad-request"
    assert "more than once" in again.json()["message"]
