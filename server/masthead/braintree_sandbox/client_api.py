"""What pages call on the sandbox: payment method logos, and the card form's tokenisation.

The card form posts a card to Braintree's client API path with the authorization fingerprint
of a client token (SandboxGateway.client_token), and gets a single-use nonce back, as
Braintree's client SDKs do; the nonce is then vaulted through the server's gateway. A card
with nothing but a CVV (the CVV-only field for re-verifying a vaulted card) gets a CVV-only
nonce, which the server passes to a payment method update with verify_card. The wallets'
sheets post their approval the same way and get a PayPal, Google Pay or Apple Pay nonce.
"""

from __future__ import annotations

import hmac
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse

from masthead.billing.api import GatewayError
from masthead.braintree_sandbox import vault, wallet_nonces, webhooks
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.braintree_sandbox.logos import logo_svg
from masthead.deps import RuntimeDep, SettingsDep
from masthead.settings import Settings

MERCHANT = "/merchants/{merchant_id}"

router = APIRouter(include_in_schema=False)


@router.get("/payment_method_logo/{slug}.svg")
def payment_method_logo(slug: str) -> Response:
    svg = logo_svg(slug)
    if svg is None:
        return Response(status_code=404)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


async def sandbox_gateway(rt: RuntimeDep) -> SandboxGateway:
    """The sandbox on the application's database, clock and merchant settings."""
    return SandboxGateway(rt.sessions, rt.clock, rt.settings)


SandboxDep = Annotated[SandboxGateway, Depends(sandbox_gateway)]


async def _json(request: Request) -> Any:
    try:
        return await request.json()
    except ValueError:
        return None


@router.post(MERCHANT + "/client_api/v1/payment_methods/credit_cards")
def tokenize_credit_card(
    gateway: SandboxDep,
    settings: SettingsDep,
    merchant_id: str,
    payload: Annotated[Any, Depends(_json)],
) -> Response:
    """Braintree's client API call: a card, authorised by a client token's fingerprint."""
    if not isinstance(payload, dict):
        return _client_error("The request body is not JSON.")
    refusal = _unauthorized(settings, merchant_id, payload)
    if refusal is not None:
        return refusal
    card = payload.get("creditCard")
    card = card if isinstance(card, dict) else {}
    address = card.get("billingAddress")
    address = address if isinstance(address, dict) else {}
    try:
        if set(card) == {"cvv"}:
            with gateway.unit() as ctx:
                nonce = vault.tokenize_cvv(ctx, str(card["cvv"]))
        else:
            nonce = gateway.tokenize_card(
                str(card.get("number", "")),
                str(card.get("expirationDate", "")),
                str(card.get("cvv", "")),
                str(address.get("postalCode", "")) or None,
                str(card.get("cardholderName", "")) or None,
            )
    except GatewayError as error:
        return _client_error("Credit card is invalid", error)
    return JSONResponse({"creditCards": [{"nonce": nonce, "type": "CreditCard"}]}, 201)


@router.post(MERCHANT + "/client_api/v1/payment_methods/{wallet}")
def tokenize_wallet(
    gateway: SandboxDep,
    settings: SettingsDep,
    merchant_id: str,
    wallet: str,
    payload: Annotated[Any, Depends(_json)],
) -> Response:
    """What braintree-web's PayPal, Google Pay and Apple Pay components post once the reader
    approved in the wallet's own window: here the sandbox's sheet, for its test accounts."""
    if wallet not in wallet_nonces.WALLET_PATHS:
        return JSONResponse({"error": {"message": "Resource not found"}}, 404)
    if not isinstance(payload, dict):
        return _client_error("The request body is not JSON.")
    refusal = _unauthorized(settings, merchant_id, payload)
    if refusal is not None:
        return refusal
    with gateway.unit() as ctx:
        row = wallet_nonces.tokenize_wallet(ctx, wallet)
        answer = wallet_nonces.client_answer(wallet, row)
    return JSONResponse(answer, 201)


def _unauthorized(settings: Settings, merchant_id: str, payload: dict[str, Any]) -> Response | None:
    """A 401 unless the body carries a client token's fingerprint for this merchant."""
    signature, _, claims = str(payload.get("authorizationFingerprint", "")).partition("|")
    expected = webhooks.signature(settings.braintree_private_key, claims)
    if not hmac.compare_digest(signature, expected) or (
        f"merchant_id={merchant_id}" not in claims.split("&")
    ):
        return JSONResponse({"error": {"message": "Authorization fingerprint is invalid"}}, 401)
    return None


def _client_error(message: str, error: GatewayError | None = None) -> JSONResponse:
    fields = []
    if error is not None:
        field = {"field": error.attribute, "code": error.code, "message": error.message}
        fields = [{"field": "creditCard", "fieldErrors": [field]}]
    return JSONResponse({"error": {"message": message}, "fieldErrors": fields}, 422)
