"""The sandbox's wire protocol at its edges: authentication, errors, logos, the card form."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

import httpx
import pytest

from masthead.billing.gateway import GatewayError
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.deps import Runtime

if TYPE_CHECKING:
    from tests.billing.conftest import WireServer

CUSTOMER_XML = b"<customer><id>reader-1</id><email>ann@example.com</email></customer>"


@pytest.fixture
def wire(
    runtime: Runtime, wire_server: WireServer, sandbox: SandboxGateway
) -> Iterator[httpx.Client]:
    wire_server.app.state.runtime = runtime
    settings = runtime.settings
    with httpx.Client(
        base_url=f"{wire_server.base_url}/merchants/{settings.braintree_merchant_id}",
        auth=(settings.braintree_public_key, settings.braintree_private_key),
        headers={"X-ApiVersion": "6", "Content-Type": "application/xml"},
    ) as client:
        yield client


def test_requests_need_the_keys_the_merchant_and_an_api_version(
    wire: httpx.Client, runtime: Runtime
) -> None:
    assert wire.get("/customers/x", auth=("sandbox_public_key", "wrong")).status_code == 401
    assert wire.get("/customers/x", auth=None).status_code == 401
    own = str(wire.base_url).rstrip("/")
    other = own.replace(runtime.settings.braintree_merchant_id, "someone_else")
    assert wire.get(f"{other}/customers/x").status_code == 403
    assert wire.get("/customers/x", headers={"X-ApiVersion": ""}).status_code == 426
    assert wire.get("/customers/x", headers={"X-ApiVersion": "3"}).status_code == 426


def test_created_resources_are_braintree_xml(wire: httpx.Client) -> None:
    response = wire.post("/customers", content=CUSTOMER_XML)
    assert response.status_code == 201
    assert response.headers["content-type"] == "application/xml"
    body = response.text
    assert body.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<customer><id>reader-1</id>')
    assert '<credit-cards type="array"></credit-cards>' in body
    assert '<created-at type="datetime">2026-11-22T12:00:00Z</created-at>' in body


def test_refusals_are_api_error_responses(wire: httpx.Client) -> None:
    wire.post("/customers", content=CUSTOMER_XML)
    response = wire.post("/customers", content=CUSTOMER_XML)
    assert response.status_code == 422
    assert response.text.endswith(
        '<api-error-response><errors><errors type="array"></errors><customer>'
        '<errors type="array"><error><code>91609</code><attribute>id</attribute>'
        "<message>Customer ID has already been taken.</message></error></errors></customer>"
        "</errors><message>Customer ID has already been taken.</message></api-error-response>"
    )


def test_unknown_ids_are_bare_404s(wire: httpx.Client) -> None:
    for path in ("/customers/nobody", "/payment_methods/any/nope", "/subscriptions/nope"):
        response = wire.get(path)
        assert (response.status_code, response.content) == (404, b"")
    assert wire.delete("/payment_methods/any/nope").status_code == 404


def test_bodies_with_document_types_are_refused(wire: httpx.Client) -> None:
    evil = (
        b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><customer><id>&a;</id></customer>'
    )
    assert wire.post("/customers", content=evil).status_code == 400
    assert wire.post("/customers", content=b"<customer><id>").status_code == 400


def test_fields_of_the_wrong_shape_are_refused(wire: httpx.Client) -> None:
    body = b"<subscription><first_billing_date>soon</first_billing_date></subscription>"
    response = wire.post("/subscriptions", content=body)
    assert response.status_code == 422
    assert "<code>91921</code>" in response.text


def test_plain_sales_are_not_taken(wire: httpx.Client) -> None:
    body = b"<transaction><amount>10.00</amount><type>sale</type></transaction>"
    response = wire.post("/transactions", content=body)
    assert response.status_code == 422
    assert "<code>91528</code>" in response.text


@pytest.mark.parametrize(
    "slug", ["visa", "mastercard", "american_express", "discover", "paypal", "venmo", "apple_pay"]
)
def test_logos(wire_server: WireServer, slug: str) -> None:
    response = httpx.get(f"{wire_server.base_url}/payment_method_logo/{slug}.svg")
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml"
    assert response.text.startswith("<svg")


def test_unknown_logo(wire_server: WireServer) -> None:
    assert httpx.get(f"{wire_server.base_url}/payment_method_logo/x.svg").status_code == 404


def client_api(sandbox: SandboxGateway, wire_server: WireServer) -> tuple[str, str]:
    """The card form's view: the client API URL and fingerprint a client token carries."""
    token = json.loads(base64.b64decode(sandbox.client_token("reader-1")))
    assert token["version"] == 2
    path = token["clientApiUrl"].split("/braintree-sandbox", 1)[1]
    return f"{wire_server.base_url}{path}/v1/payment_methods/credit_cards", token[
        "authorizationFingerprint"
    ]


def test_card_form_tokenises_through_the_client_api(
    wire: httpx.Client, sandbox: SandboxGateway, wire_server: WireServer
) -> None:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    url, fingerprint = client_api(sandbox, wire_server)
    card = {
        "number": "5555555555554444",
        "expirationDate": "08/29",
        "cvv": "123",
        "cardholderName": "Ann Reader",
        "billingAddress": {"postalCode": "10001"},
    }
    response = httpx.post(url, json={"authorizationFingerprint": fingerprint, "creditCard": card})
    assert response.status_code == 201
    [made] = response.json()["creditCards"]
    method = sandbox.vault_payment_method("reader-1", made["nonce"])
    assert (method.card_type, method.last_4, method.billing_postal_code) == (
        "MasterCard",
        "4444",
        "10001",
    )

    bad = {**card, "number": "5555555555554440"}
    refused = httpx.post(url, json={"authorizationFingerprint": fingerprint, "creditCard": bad})
    assert refused.status_code == 422
    assert refused.json()["fieldErrors"][0]["fieldErrors"][0]["code"] == "81715"
    forged = httpx.post(
        url, json={"authorizationFingerprint": "0|merchant_id=x", "creditCard": card}
    )
    assert forged.status_code == 401


def test_a_cvv_alone_tokenises_to_a_cvv_only_nonce(
    wire: httpx.Client, sandbox: SandboxGateway, wire_server: WireServer
) -> None:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    token = sandbox.vault_payment_method("reader-1", "fake-valid-visa-nonce").token
    url, fingerprint = client_api(sandbox, wire_server)
    made = httpx.post(
        url, json={"authorizationFingerprint": fingerprint, "creditCard": {"cvv": "201"}}
    )
    assert made.status_code == 201
    [nonce] = made.json()["creditCards"]
    with pytest.raises(GatewayError) as caught:
        sandbox.update_payment_method(token, nonce=nonce["nonce"])
    assert caught.value.verification is not None
    assert caught.value.verification.cvv_response_code == "U"

    short = httpx.post(
        url, json={"authorizationFingerprint": fingerprint, "creditCard": {"cvv": "1"}}
    )
    assert short.status_code == 422
    assert short.json()["fieldErrors"][0]["fieldErrors"][0]["code"] == "81707"
