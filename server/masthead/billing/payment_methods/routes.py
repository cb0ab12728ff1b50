"""HTTP for the card form token and the reader's payment methods (parse, call the service,
map its errors)."""

from __future__ import annotations

from fastapi import APIRouter, Response

from masthead.billing.payment_methods import schemas as payment_methods_schemas
from masthead.billing.payment_methods import service as payment_methods_service
from masthead.billing.payment_methods.card_limits import CARD_ATTEMPT
from masthead.billing.route_support import CARD_LIMITS, GatewayDep, call
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import ReaderDep
from masthead.no_store import NO_STORE, NO_STORE_ANSWER

# Every answer here is about one reader: never cached.
router = APIRouter(tags=["payments"], dependencies=[NO_STORE_ANSWER])
Method = payment_methods_schemas.PaymentMethodOut


@router.get(
    "/blaize/payment/braintree/token",
    response_model=payment_methods_schemas.TokenOut,
    responses={400: {}, 401: {}, 503: {}},
    summary="A client token for the card form; creates the reader's gateway customer",
)
def client_token(
    reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep
) -> payment_methods_schemas.TokenOut:
    token = call(lambda: payment_methods_service.client_token(db, rt, gw, reader))
    return payment_methods_schemas.TokenOut(token=token)


@router.get(
    "/zephr/payment/braintree/payment-methods",
    response_model=list[payment_methods_schemas.PaymentMethodOut],
    responses={401: {}, 503: {}},
    summary="The reader's vaulted payment methods, default first",
)
def payment_methods(reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep) -> list[Method]:
    return call(lambda: payment_methods_service.payment_methods(db, rt, gw, reader))


@router.post(
    "/zephr/payment/braintree/payment-methods",
    response_model=payment_methods_schemas.PaymentMethodOut,
    status_code=201,
    dependencies=[CARD_ATTEMPT],
    responses={400: {}, 401: {}, 402: {}, 429: {}, 503: {}},
    summary="Vault a payment method from a card-form nonce (402 payment-declined)",
    description="A card that fails verification is 402 `payment-declined` with the "
    "processor's text as the message; a used or unknown nonce is 400 `bad-request`. " + CARD_LIMITS,
)
def add_payment_method(
    body: payment_methods_schemas.NewPaymentMethod,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> Method:
    return call(
        lambda: payment_methods_service.add_payment_method(
            db, rt, gw, reader, body.payment_method_nonce
        )
    )


@router.patch(
    "/zephr/payment/braintree/payment-methods/{token}",
    response_model=payment_methods_schemas.PaymentMethodOut,
    responses={400: {}, 401: {}, 402: {}, 404: {}, 429: {}, 503: {}},
    summary="Replace a card's details, or re-verify it by its CVV, from a nonce",
    description="A card-form nonce replaces the card's details; a CVV-only nonce (the card "
    "form's CVV field alone) re-verifies the vaulted card and changes none of its details. "
    "The token stays the same. The card is verified: a refusal is 402 `payment-declined` and "
    "changes nothing; its message is the processor's text, or for a CVV that does not match "
    "or cannot be verified a sentence saying so. 404 `payment-method-not-found` when the "
    "token is not one of the reader's methods. Adds a timestamp to the profile's "
    "`payment-method-update-log` (the last 3 are kept). " + CARD_LIMITS,
    dependencies=[CARD_ATTEMPT],
)
def update_payment_method(
    token: str,
    body: payment_methods_schemas.NewPaymentMethod,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> Method:
    return call(
        lambda: payment_methods_service.update_payment_method(
            db, rt, gw, reader, token, body.payment_method_nonce
        )
    )


@router.delete(
    "/zephr/payment/braintree/payment-methods/{token}",
    status_code=204,
    responses={400: {}, 401: {}, 404: {}, 409: {}, 503: {}},
    summary="Remove a vaulted payment method",
    description="Live subscriptions paying with it move to the reader's next method (the "
    "default, else the newest), which becomes the default if this one was. 409 "
    "`payment-method-in-use` when it pays for a live subscription and there is no other "
    "method; 404 `payment-method-not-found` when the token is not one of the reader's "
    "methods. Adds a timestamp to the profile's `payment-method-edit-log` (last 3 kept).",
)
def delete_payment_method(
    token: str, reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep
) -> Response:
    call(lambda: payment_methods_service.delete_payment_method(db, rt, gw, reader, token))
    return Response(status_code=204, headers=NO_STORE)


@router.put(
    "/zephr/payment/braintree/default-payment-method",
    response_model=payment_methods_schemas.PaymentMethodOut,
    responses={400: {}, 401: {}, 404: {}, 503: {}},
    summary="Make a vaulted method the default; live subscriptions move to it",
    description="404 `payment-method-not-found` when the token is not one of the reader's "
    "methods. Adds a timestamp to the profile's `payment-method-update-log` (last 3 kept).",
)
def set_default_payment_method(
    body: payment_methods_schemas.DefaultPaymentMethod,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> Method:
    return call(
        lambda: payment_methods_service.set_default_payment_method(
            db, rt, gw, reader, body.payment_method_token
        )
    )
