"""The CVV-only screen's calls: the CVV goes to the sandbox's client API as the card form's
CVV field sends it, and its nonce to PATCH .../payment-methods/{token}."""

from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import urlsplit

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import METHODS, PAY, nonce, profile, setup, sign_in, subscribe

UPDATE_LOG = "payment-method-update-log"
DOES_NOT_MATCH = (
    "The CVV does not match this card. Check the 3- or 4-digit security code and try again."
)
NOT_VERIFIED = "Your card's bank could not verify the CVV. Please try again, or add another card."


def tokenize(client: TestClient, credit_card: dict[str, Any]) -> str:
    """What the page does: a client token from the server, then the card to its client API."""
    token = json.loads(base64.b64decode(client.get(f"{PAY}/token").json()["token"]))
    url = f"{urlsplit(token['clientApiUrl']).path}/v1/payment_methods/credit_cards"
    response = client.post(
        url,
        json={
            "authorizationFingerprint": token["authorizationFingerprint"],
            "creditCard": credit_card,
        },
    )
    assert response.status_code == 201, response.text
    made: str = response.json()["creditCards"][0]["nonce"]
    return made


def _vaulted(client: TestClient, card_nonce: str) -> dict[str, Any]:
    response = client.post(METHODS, json={"payment_method_nonce": card_nonce})
    assert response.status_code == 201, response.text
    method: dict[str, Any] = response.json()
    return method


def test_a_matching_cvv_verifies_the_card(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    method = _vaulted(client, nonce(sandbox))
    cvv_only = tokenize(client, {"cvv": "123"})
    response = client.patch(f"{METHODS}/{method['token']}", json={"payment_method_nonce": cvv_only})
    assert response.status_code == 200, response.text
    assert response.json() == method  # verified, and nothing about the card changed
    assert client.get(METHODS).json() == [method]
    assert profile(runtime)[UPDATE_LOG] == [clock.now().isoformat()]


def test_a_cvv_that_fails_is_402_with_a_sentence_and_changes_nothing(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    method = _vaulted(client, nonce(sandbox))
    for cvv, message in (("200", DOES_NOT_MATCH), ("201", NOT_VERIFIED)):
        response = client.patch(
            f"{METHODS}/{method['token']}",
            json={"payment_method_nonce": tokenize(client, {"cvv": cvv})},
        )
        assert response.status_code == 402
        assert response.json() == {"type": "payment-declined", "message": message}
    assert client.get(METHODS).json() == [method]
    assert UPDATE_LOG not in profile(runtime)


def test_a_new_card_with_a_cvv_that_does_not_match_is_refused(
    client: TestClient, runtime: Runtime
) -> None:
    setup(runtime)
    sign_in(client)
    card = {
        "number": "4111111111111111",
        "expirationDate": "12/30",
        "cvv": "200",
        "billingAddress": {"postalCode": "10001"},
    }
    response = client.post(METHODS, json={"payment_method_nonce": tokenize(client, card)})
    assert response.status_code == 402
    assert response.json() == {"type": "payment-declined", "message": DOES_NOT_MATCH}
    refused = subscribe(client, "sports-annual", tokenize(client, card))
    assert (refused.status_code, refused.json()["message"]) == (402, DOES_NOT_MATCH)
    assert client.get(METHODS).json() == []
