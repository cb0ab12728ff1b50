"""Braintree's XML-over-HTTP gateway protocol, served by the sandbox at /braintree-sandbox.

Enough of it for the official `braintree` SDK to run every PaymentGateway call against the
sandbox: basic auth with the merchant's keys, `X-ApiVersion`, XML bodies, and the paths under
/merchants/{merchant_id}/ for customers, payment_methods, subscriptions, transactions (a
subscription's retry_charge) and client_token. A refusal is a 422 `<api-error-response>`, an
unknown id a bare 404, as Braintree answers. client_api adds what pages call: the payment
method logos and the card form's tokenisation.
"""

from __future__ import annotations

import base64
import hmac
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, HTTPException, Request, Response

from masthead.billing.api import NOT_FOUND, Discount, GatewayError, TrialUnit
from masthead.braintree_sandbox import client_api, repository, vault, views, wire_shapes, wire_xml
from masthead.braintree_sandbox.client_api import SandboxDep
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.deps import SettingsDep

MIN_API_VERSION = 4
INVALID_REQUEST = "91921"  # Braintree's InvalidRequestFormat
MERCHANT = "/merchants/{merchant_id}"

router = APIRouter(prefix="/braintree-sandbox", include_in_schema=False)


def _authorised(
    request: Request, sandbox: SandboxDep, settings: SettingsDep, merchant_id: str
) -> SandboxGateway:
    """Basic auth with the merchant's public and private keys, and a known API version."""
    credentials = f"{settings.braintree_public_key}:{settings.braintree_private_key}"
    expected = "Basic " + base64.b64encode(credentials.encode()).decode("ascii")
    if not hmac.compare_digest(request.headers.get("authorization", ""), expected):
        raise HTTPException(401)
    if merchant_id != settings.braintree_merchant_id:
        raise HTTPException(403)
    version = request.headers.get("x-apiversion", "")
    if not version.isdigit() or int(version) < MIN_API_VERSION:
        raise HTTPException(426)
    return sandbox


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        root, value = wire_xml.parse(raw)
    except (wire_xml.XmlBodyError, ValueError):
        raise HTTPException(400) from None
    return {root: value}


Gateway = Annotated[SandboxGateway, Depends(_authorised)]
Body = Annotated[dict[str, Any], Depends(_body)]
Produce = Callable[[], tuple[str, dict[str, wire_xml.Node]]]


def _xml(root: str, body: dict[str, wire_xml.Node], status: int = 200) -> Response:
    return Response(wire_xml.render(root, body), status_code=status, media_type="application/xml")


def _answer(scope: str, produce: Produce, status: int = 200) -> Response:
    try:
        root, body = produce()
    except GatewayError as error:
        if error.code == NOT_FOUND:
            return Response(status_code=404)
        return _xml("api_error_response", wire_shapes.api_error(error, scope), 422)
    except (ValueError, TypeError):  # a field of the wrong shape: bad input, not a crash
        invalid = GatewayError(INVALID_REQUEST, "Invalid request format.", scope=scope)
        return _xml("api_error_response", wire_shapes.api_error(invalid, scope), 422)
    return _xml(root, body, status)


def _section(body: dict[str, Any], key: str) -> dict[str, Any]:
    value = body.get(key)
    return value if isinstance(value, dict) else {}


def _text(params: dict[str, Any], key: str) -> str | None:
    value = params.get(key)
    return None if value is None or value == "" else str(value)


def _money(params: dict[str, Any], key: str, code: str, scope: str) -> Decimal | None:
    text = _text(params, key)
    if text is None:
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        message = f"{key.capitalize()} is an invalid format."
        raise GatewayError(code, message, scope=scope, attribute=key) from None


def _date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(value) if isinstance(value, str) and value else None


# Customers


@router.post(MERCHANT + "/customers")
def create_customer(gateway: Gateway, body: Body) -> Response:
    params = _section(body, "customer")

    def produce() -> tuple[str, dict[str, wire_xml.Node]]:
        customer_id = _text(params, "id") or repository.new_id(9)
        with gateway.unit() as ctx:
            row = vault.create_customer(
                ctx,
                customer_id,
                _text(params, "email") or "",
                _text(params, "first_name") or "",
                _text(params, "last_name") or "",
            )
            return "customer", wire_shapes.customer(views.customer(ctx, row))

    return _answer("customer", produce, 201)


@router.get(MERCHANT + "/customers/{customer_id}")
def find_customer(gateway: Gateway, customer_id: str) -> Response:
    return _answer(
        "customer", lambda: ("customer", wire_shapes.customer(gateway.find_customer(customer_id)))
    )


# Payment methods


@router.post(MERCHANT + "/payment_methods")
def create_payment_method(gateway: Gateway, body: Body) -> Response:
    params = _section(body, "payment_method")
    options = _section(params, "options")
    return _answer(
        "payment_method",
        lambda: wire_shapes.payment_method(
            gateway.vault_payment_method(
                _text(params, "customer_id") or "",
                _text(params, "payment_method_nonce") or "",
                make_default=bool(options.get("make_default")),
                verify_card=bool(options.get("verify_card")),
            )
        ),
        201,
    )


@router.get(MERCHANT + "/payment_methods/any/{token}")
def find_payment_method(gateway: Gateway, token: str) -> Response:
    return _answer(
        "payment_method", lambda: wire_shapes.payment_method(gateway.find_payment_method(token))
    )


@router.put(MERCHANT + "/payment_methods/any/{token}")
def update_payment_method(gateway: Gateway, body: Body, token: str) -> Response:
    params = _section(body, "payment_method")
    options = _section(params, "options")
    expiration = _text(params, "expiration_date")
    if expiration is None and _text(params, "expiration_month"):
        expiration = f"{params['expiration_month']}/{_text(params, 'expiration_year') or ''}"
    return _answer(
        "payment_method",
        lambda: wire_shapes.payment_method(
            gateway.update_payment_method(
                token,
                nonce=_text(params, "payment_method_nonce"),
                expiration_date=expiration,
                billing_postal_code=_text(_section(params, "billing_address"), "postal_code"),
                cardholder_name=_text(params, "cardholder_name"),
                make_default=bool(options.get("make_default")),
                verify_card=bool(options.get("verify_card")),
            )
        ),
    )


@router.delete(MERCHANT + "/payment_methods/any/{token}")
def delete_payment_method(gateway: Gateway, token: str) -> Response:
    try:
        gateway.delete_payment_method(token)
    except GatewayError:
        return Response(status_code=404)
    return Response(status_code=200)


# Subscriptions


def _trial(params: dict[str, Any]) -> tuple[int | None, TrialUnit | None]:
    """trial_period false means no trial; without trial fields the plan's trial applies."""
    if params.get("trial_period") is False:
        return 0, None
    duration = params.get("trial_duration")
    unit = cast(TrialUnit | None, _text(params, "trial_duration_unit"))
    return (int(duration) if duration is not None else None), unit


def _discounts(params: dict[str, Any]) -> list[Discount]:
    added = _section(params, "discounts").get("add") or []
    found = []
    for item in added if isinstance(added, list) else []:
        amount = _money(item, "amount", "92002", "discounts")
        if amount is None:
            raise GatewayError(
                "92003", "Amount cannot be blank.", scope="discounts", attribute="amount"
            )
        cycles = item.get("number_of_billing_cycles")
        cycles = None if item.get("never_expires") or cycles is None else int(cycles)
        found.append(Discount(_text(item, "inherited_from_id") or "", amount, cycles))
    return found


@router.post(MERCHANT + "/subscriptions")
def create_subscription(gateway: Gateway, body: Body) -> Response:
    params = _section(body, "subscription")

    def produce() -> tuple[str, dict[str, wire_xml.Node]]:
        duration, unit = _trial(params)
        info = gateway.create_subscription(
            _text(params, "payment_method_token") or "",
            _text(params, "plan_id") or "",
            price=_money(params, "price", "81904", "subscription"),
            first_billing_date=_date(params.get("first_billing_date")),
            trial_duration=duration,
            trial_unit=unit,
            discounts=_discounts(params),
            start_immediately=bool(_section(params, "options").get("start_immediately")),
            number_of_billing_cycles=params.get("number_of_billing_cycles"),
            subscription_id=_text(params, "id"),
        )
        return "subscription", wire_shapes.subscription(info)

    return _answer("subscription", produce, 201)


@router.get(MERCHANT + "/subscriptions/{subscription_id}")
def find_subscription(gateway: Gateway, subscription_id: str) -> Response:
    return _answer(
        "subscription",
        lambda: (
            "subscription",
            wire_shapes.subscription(gateway.find_subscription(subscription_id)),
        ),
    )


@router.put(MERCHANT + "/subscriptions/{subscription_id}")
def update_subscription(gateway: Gateway, body: Body, subscription_id: str) -> Response:
    params = _section(body, "subscription")
    return _answer(
        "subscription",
        lambda: (
            "subscription",
            wire_shapes.subscription(
                gateway.update_subscription(
                    subscription_id,
                    price=_money(params, "price", "81904", "subscription"),
                    plan_id=_text(params, "plan_id"),
                    payment_method_token=_text(params, "payment_method_token"),
                    add_discounts=_discounts(params),
                )
            ),
        ),
    )


@router.put(MERCHANT + "/subscriptions/{subscription_id}/cancel")
def cancel_subscription(gateway: Gateway, subscription_id: str) -> Response:
    return _answer(
        "subscription",
        lambda: (
            "subscription",
            wire_shapes.subscription(gateway.cancel_subscription(subscription_id)),
        ),
    )


@router.post(MERCHANT + "/transactions")
def create_transaction(gateway: Gateway, body: Body) -> Response:
    """Only a subscription's retry_charge: a sale with a subscription_id."""
    params = _section(body, "transaction")

    def produce() -> tuple[str, dict[str, wire_xml.Node]]:
        subscription_id = _text(params, "subscription_id")
        if subscription_id is None:
            raise GatewayError(
                "91528", "This sandbox only retries subscription charges.", scope="transaction"
            )
        sale = gateway.retry_charge(
            subscription_id,
            _money(params, "amount", "81503", "transaction"),
            submit_for_settlement=bool(_section(params, "options").get("submit_for_settlement")),
        )
        return "transaction", wire_shapes.transaction(sale)

    return _answer("transaction", produce, 201)


@router.get(MERCHANT + "/transactions/{transaction_id}")
def find_transaction(gateway: Gateway, transaction_id: str) -> Response:
    return _answer(
        "transaction",
        lambda: ("transaction", wire_shapes.transaction(gateway.find_transaction(transaction_id))),
    )


@router.post(MERCHANT + "/transactions/{transaction_id}/refund")
def refund_transaction(gateway: Gateway, body: Body, transaction_id: str) -> Response:
    """Transaction.refund: the credit, 201 as Braintree creates it."""
    params = _section(body, "transaction")

    def produce() -> tuple[str, dict[str, wire_xml.Node]]:
        amount = _money(params, "amount", "81503", "transaction")
        credit = gateway.refund_transaction(transaction_id, amount)
        return "transaction", wire_shapes.transaction(credit)

    return _answer("transaction", produce, 201)


@router.put(MERCHANT + "/transactions/{transaction_id}/void")
def void_transaction(gateway: Gateway, transaction_id: str) -> Response:
    return _answer(
        "transaction",
        lambda: ("transaction", wire_shapes.transaction(gateway.void_transaction(transaction_id))),
    )


@router.put(MERCHANT + "/transactions/{transaction_id}/settle")
def settle_transaction(gateway: Gateway, transaction_id: str) -> Response:
    """The SDK's testing.settle (sandbox only, as at Braintree)."""
    return _answer(
        "transaction",
        lambda: (
            "transaction",
            wire_shapes.transaction(gateway.settle_transaction(transaction_id)),
        ),
    )


@router.post(MERCHANT + "/client_token")
def client_token(gateway: Gateway, body: Body) -> Response:
    customer_id = _text(_section(body, "client_token"), "customer_id")
    try:
        value = gateway.client_token(customer_id)
    except GatewayError:
        error = GatewayError("92804", "Customer specified by customer_id does not exist")
        return _xml("api_error_response", wire_shapes.api_error(error, "client_token"), 422)
    return _xml("client_token", {"value": value}, 201)


router.include_router(client_api.router)  # the logos and the card form's call, same prefix
