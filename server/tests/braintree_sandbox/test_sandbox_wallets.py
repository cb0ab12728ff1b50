"""The sandbox's wallets: PayPal, Google Pay and Apple Pay nonces made through the client API
(what the page's wallet sheet posts once the reader approves) vault as their own kind of
method, with the wallet's description, through the sandbox and through the official SDK."""

from __future__ import annotations

import base64
import json

import httpx
import pytest
from fastapi.testclient import TestClient

from masthead.billing.gateway import GatewayError, PaymentGateway
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.deps import Runtime
from tests.billing.api_helpers import METHODS, PAY, setup, sign_in
from tests.billing.conftest import WireServer

# client API path -> (answer key, answer type, description, vaulted type, card type, last 4, email)
WALLETS = [
    (
        "paypal_accounts",
        "paypalAccounts",
        "PayPalAccount",
        "jane.doe@example.com",
        ("PayPalAccount", None, None, "jane.doe@example.com"),
    ),
    (
        "android_pay_cards",
        "androidPayCards",
        "AndroidPayCard",
        "Visa ending in 1111",
        ("GooglePay", "Visa", "1111", None),
    ),
    (
        "apple_pay_cards",
        "applePayCards",
        "ApplePayCard",
        "Visa ending in 1881",
        ("ApplePay", "Apple Pay - Visa", "1881", None),
    ),
]


def client_api(sandbox: SandboxGateway, wire_server: WireServer, path: str) -> tuple[str, str]:
    """What the page reads from a client token: the client API's URL and the fingerprint."""
    token = json.loads(base64.b64decode(sandbox.client_token("reader-1")))
    api = token["clientApiUrl"].split("/braintree-sandbox", 1)[1]
    return f"{wire_server.base_url}{api}/v1/payment_methods/{path}", token[
        "authorizationFingerprint"
    ]


@pytest.mark.parametrize(("path", "key", "kind", "description", "vaulted"), WALLETS)
def test_a_wallet_nonce_vaults_as_its_own_kind(
    gateway: PaymentGateway,
    sandbox: SandboxGateway,
    wire_server: WireServer,
    runtime: Runtime,
    path: str,
    key: str,
    kind: str,
    description: str,
    vaulted: tuple[str, str | None, str | None, str | None],
) -> None:
    wire_server.app.state.runtime = runtime
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    url, fingerprint = client_api(sandbox, wire_server, path)
    response = httpx.post(url, json={"authorizationFingerprint": fingerprint, key[:-1]: {}})
    assert response.status_code == 201, response.text
    [made] = response.json()[key]
    assert (made["type"], made["description"]) == (kind, description)

    method = gateway.vault_payment_method("reader-1", made["nonce"])
    assert (method.type, method.card_type, method.last_4, method.email) == vaulted
    assert method.card_type != "Discover"  # not the invented card of the old buttons
    # A wallet's nonce is single use, as Braintree's are.
    with pytest.raises(GatewayError) as caught:
        gateway.vault_payment_method("reader-1", made["nonce"])
    assert caught.value.code == "93107"


def test_wallet_nonces_need_a_client_token_and_a_known_wallet(
    sandbox: SandboxGateway, wire_server: WireServer, runtime: Runtime
) -> None:
    wire_server.app.state.runtime = runtime
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    url, fingerprint = client_api(sandbox, wire_server, "paypal_accounts")
    forged = fingerprint.replace(fingerprint[:4], "0000", 1)
    assert httpx.post(url, json={"authorizationFingerprint": forged}).status_code == 401
    assert httpx.post(url, json={}).status_code == 401
    assert httpx.post(url, content=b"not json").status_code == 422
    unknown = url.replace("paypal_accounts", "bitcoin_wallets")
    assert httpx.post(unknown, json={"authorizationFingerprint": fingerprint}).status_code == 404


@pytest.mark.parametrize(
    ("nonce", "card_type", "last_4"),
    [
        ("fake-android-pay-visa-nonce", "Visa", "1111"),
        ("fake-android-pay-mastercard-nonce", "MasterCard", "4444"),
        ("fake-android-pay-amex-nonce", "American Express", "0005"),
        ("fake-android-pay-discover-nonce", "Discover", "1117"),
    ],
)
def test_braintrees_google_pay_test_nonces(
    sandbox: SandboxGateway, nonce: str, card_type: str, last_4: str
) -> None:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    method = sandbox.vault_payment_method("reader-1", nonce)
    assert (method.type, method.card_type, method.last_4) == ("GooglePay", card_type, last_4)


def test_the_account_area_lists_a_paypal_account_with_its_email(
    client: TestClient, runtime: Runtime
) -> None:
    """What the payment-method page reads: the type the spec names and the payer's email."""
    setup(runtime)
    sign_in(client)
    token = json.loads(base64.b64decode(client.get(f"{PAY}/token").json()["token"]))
    api = token["clientApiUrl"].split("/braintree-sandbox", 1)[1]
    made = client.post(
        f"/braintree-sandbox{api}/v1/payment_methods/paypal_accounts",
        json={"authorizationFingerprint": token["authorizationFingerprint"], "paypalAccount": {}},
    )
    assert made.status_code == 201, made.text
    nonce = made.json()["paypalAccounts"][0]["nonce"]
    added = client.post(METHODS, json={"payment_method_nonce": nonce})
    assert added.status_code == 201, added.text
    listed = client.get(METHODS).json()
    assert [(m["type"], m["email"], m["card_type"]) for m in listed] == [
        ("PayPalAccount", "jane.doe@example.com", None)
    ]
