"""HTTP for payments and memberships: parse, call the service, map its errors to the contract.

Two routers: `router` holds the payment calls (/blaize/payment/braintree/*, /zephr/payment/
braintree/*); `site_router` the site API's plans and membership calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Body, Depends, Response
from fastapi.responses import JSONResponse

from masthead.billing import changes, discounts, retries, schemas, service
from masthead.billing.card_limits import CARD_ATTEMPT, limit_card_attempt
from masthead.billing.errors import BillingError
from masthead.billing.gateway import PaymentGateway
from masthead.billing.pause_email import send_pause_email
from masthead.billing.subscribe import SubscribeRequest, subscribe
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.auth import AddressDep, ReaderDep
from masthead.region import RegionDep, vary_headers
from masthead.site.nonces import require_rest_nonce

router = APIRouter(tags=["payments"])
site_router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])

NO_STORE = {"Cache-Control": "no-store"}
CARD_LIMITS = "Card attempts are limited per account and per client address: 429."
# Every site API call carries the page's nonce (X-WP-Nonce), except the public catalogue.
SITE_NONCE = Depends(require_rest_nonce)
T = TypeVar("T")


async def get_gateway(rt: RuntimeDep) -> PaymentGateway:
    return rt.gateway


GatewayDep = Annotated[PaymentGateway, Depends(get_gateway)]


def _call(fn: Callable[[], T]) -> T:
    try:
        return fn()
    except BillingError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


def _json(body: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(body, status, headers=NO_STORE)


@site_router.get(
    "/plans",
    response_model=dict[str, schemas.PlanOut],
    summary="The plan catalogue, keyed by plan id (public)",
    description="Enabled plans of the `billing_plans` table in card order, with the server's "
    "call-to-action text, badge, monthly price and discount. The site API's nonce is not "
    "checked: the catalogue is public and a GET changes nothing. Outside the supported "
    "region (MASTHEAD_SUPPORTED_COUNTRIES) the plans are hidden: `{}`. From a plan's step-up "
    "date on, its `amount` (and the texts computed from it) is the step-up amount: what a new "
    "subscriber is charged from the first charge.",
)
def plans(db: DbDep, rt: RuntimeDep, region: RegionDep) -> Response:
    return JSONResponse(
        service.plans(db, rt.clock.now().date()) if region else {},
        headers=vary_headers(rt.settings),
    )


@site_router.post(
    "/pause-subscription-email/",
    dependencies=[SITE_NONCE],
    response_model=schemas.PauseEmailOut,
    responses={
        400: {"model": schemas.PauseEmailOut},
        401: {},
        403: {"model": schemas.PauseEmailOut},
    },
    summary="Mail the signed-in reader the confirmation of their pause",
    description="Queued in the outbox (sent by the worker). Only to the reader's own address; "
    "`cta` must link to this site (default: the membership page). A refusal answers "
    "`{error}` with the reason, as the spec's client reads it.",
)
def pause_subscription_email(
    body: schemas.PauseEmailIn, reader: ReaderDep, db: DbDep, rt: RuntimeDep
) -> Response:
    try:
        send_pause_email(
            db,
            rt,
            reader,
            email=body.emailAddress,
            months=body.pauseLength,
            effective=body.pauseLengthEffectiveDate,
            cycle_end=body.billingCycleEndDate,
            cta=body.cta,
        )
    except BillingError as exc:
        return _json({"error": exc.message, "type": exc.type, "message": exc.message}, exc.status)
    return _json({"error": None})


@site_router.post(
    "/subscriptions/{subscription_id}/retry",
    dependencies=[SITE_NONCE],
    response_model=schemas.SubscriptionChangeOut,
    responses={401: {}, 402: {}, 404: {}, 409: {}, 503: {}},
    summary="Charge a past-due membership's balance again",
    description="For a Past Due subscription (after the reader updated their card): the "
    "balance is charged on its payment method. A decline is 402 with the processor's text; "
    "a subscription paid up meanwhile answers 200 unchanged; 409 `not-past-due` otherwise.",
)
def retry_subscription(
    subscription_id: str, reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep
) -> Response:
    return _json(_call(lambda: retries.retry(db, rt, gw, reader, subscription_id)))


@site_router.get(
    "/subscriptions/{subscription_id}/discounts",
    dependencies=[SITE_NONCE],
    response_model=list[schemas.DiscountOfferOut],
    responses={400: {}, 401: {}, 404: {}},
    summary="The discount offers the reader may take on a subscription",
    description="`purpose` (default `cancel-flow`, the retention offer; `any` for all): "
    "enabled offers for the subscription's plan that it does not have yet. Only an Active "
    "subscription has offers.",
)
def discount_offers(
    subscription_id: str, reader: ReaderDep, db: DbDep, purpose: str = "cancel-flow"
) -> Response:
    return _json(_call(lambda: discounts.offers(db, reader, subscription_id, purpose)))


@site_router.post(
    "/subscriptions/{subscription_id}/discounts",
    dependencies=[SITE_NONCE],
    response_model=schemas.SubscriptionChangeOut,
    responses={400: {}, 401: {}, 404: {}, 409: {}, 503: {}},
    summary="Take a discount offer: it lowers the subscription's next billing cycles",
    description="409 `discount-taken` when the subscription has it already, "
    "`discount-unavailable` when it is not offered to this subscription.",
)
def take_discount(
    subscription_id: str,
    body: schemas.DiscountIn,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> Response:
    return _json(
        _call(lambda: discounts.take(db, rt, gw, reader, subscription_id, body.discount_id))
    )


@site_router.get(
    "/membership",
    dependencies=[SITE_NONCE],
    response_model=schemas.MembershipOut,
    responses={401: {}},
    summary="The signed-in reader's membership status, computed on the server",
    description="`status` is resolved from the reader's subscriptions (spec section 4); "
    "`activeSubscription` is the newest live one (active, pending, past due), else a "
    "cancelled one still paid for, else null; `paymentMessage` is the spec's past-due or "
    "inactive-account sentence, else null.",
)
def membership(reader: ReaderDep, db: DbDep, rt: RuntimeDep) -> Response:
    return _json(service.membership(db, rt, reader))


@router.get(
    "/blaize/payment/braintree/token",
    response_model=schemas.TokenOut,
    responses={401: {}, 503: {}},
    summary="A client token for the card form; creates the reader's gateway customer",
)
def client_token(reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep) -> Response:
    return _json({"token": _call(lambda: service.client_token(db, rt, gw, reader))})


@router.get(
    "/zephr/payment/braintree/payment-methods",
    response_model=list[schemas.PaymentMethodOut],
    responses={401: {}, 503: {}},
    summary="The reader's vaulted payment methods, default first",
)
def payment_methods(reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep) -> Response:
    return _json(_call(lambda: service.payment_methods(db, rt, gw, reader)))


@router.post(
    "/zephr/payment/braintree/payment-methods",
    response_model=schemas.PaymentMethodOut,
    status_code=201,
    dependencies=[CARD_ATTEMPT],
    responses={400: {}, 401: {}, 402: {}, 429: {}, 503: {}},
    summary="Vault a payment method from a card-form nonce (402 payment-declined)",
    description="A card that fails verification is 402 `payment-declined` with the "
    "processor's text as the message; a used or unknown nonce is 400 `bad-request`. " + CARD_LIMITS,
)
def add_payment_method(
    body: schemas.NewPaymentMethod, reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep
) -> Response:
    method = _call(
        lambda: service.add_payment_method(db, rt, gw, reader, body.payment_method_nonce)
    )
    return _json(method, 201)


@router.post(
    "/blaize/payment/braintree/subscribe",
    response_model=schemas.GrantOut,
    responses={400: {}, 401: {}, 402: {}, 403: {}, 404: {}, 409: {}, 429: {}, 503: {}},
    summary="Start a membership on a plan; answers the subscription id as grant_id",
    description="Vaults `payment_nonce` as the default method, or uses the default method. "
    "The plan's trial is given unless `skip_trial_period`, a future `start_date`, or the "
    "profile's `had-trial` (set when a trial starts). Subscribing again to the plan while "
    "it is active or pending answers the same grant_id and charges nothing. 402 "
    "`payment-declined` (processor's text; nothing is stored), 404 `plan-not-found`, 409 "
    "`already-subscribed` (live on another plan) or `subscribe-in-progress`, 400 "
    "`payment-method-required`, 403 `membership-disabled` or `unsupported-region` (outside "
    "the supported region). `start_date`: today up to 3 months ahead (400 otherwise); until "
    "its first charge the membership is Pending, without access. 409 `home-delivery` (free "
    "with print delivery), `home-delivery-unverified` (once the address is verified; a link "
    "is mailed). With a `payment_nonce`: " + CARD_LIMITS,
)
def subscribe_route(
    body: schemas.SubscribeIn,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
    region: RegionDep,
    address: AddressDep,
) -> Response:
    if body.payment_nonce:
        limit_card_attempt(rt, reader, address)
    req = SubscribeRequest(
        plan_id=body.plan_id,
        product_id=body.product_id,
        payment_nonce=body.payment_nonce,
        skip_trial_period=body.skip_trial_period,
        start_date=body.start_date,
        in_supported_region=region,
    )
    return _json({"grant_id": _call(lambda: subscribe(db, rt, gw, reader, req))})


@router.get(
    "/blaize/payment/braintree/subscriptions",
    response_model=list[schemas.SubscriptionOut],
    responses={401: {}},
    summary="The reader's subscriptions, normalised, newest first",
)
def subscriptions(reader: ReaderDep, db: DbDep) -> Response:
    return _json(service.subscriptions(db, reader))


@router.delete(
    "/blaize/payment/braintree/subscriptions/{subscription_id}",
    response_model=schemas.SubscriptionOut,
    responses={401: {}, 404: {}, 503: {}},
    summary="Cancel a subscription; access lasts until its paid-through date",
    description="The optional body's `cancel-reason` and `cancel-reason-text` are kept on the "
    "subscription and the profile. Cancelling a cancelled subscription answers it unchanged.",
)
def cancel(
    subscription_id: str,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
    body: Annotated[schemas.CancelIn | None, Body()] = None,
) -> Response:
    reason = body or schemas.CancelIn()
    result = _call(
        lambda: service.cancel(
            db,
            rt,
            gw,
            reader,
            subscription_id,
            reason.cancel_reason,
            reason.cancel_reason_text,
        )
    )
    return _json(result)


@router.patch(
    "/blaize/payment/braintree/subscriptions/{subscription_id}",
    response_model=schemas.SubscriptionChangeOut,
    responses={400: {}, 401: {}, 402: {}, 403: {}, 404: {}, 409: {}, 503: {}},
    summary="Pause, resume, switch the plan of, or restart a membership",
    description="`pause` (with `pause_length` in months, 1-3) ends the subscription at the "
    "end of its paid period and schedules a new one after the pause; `resume` replaces the "
    "scheduled one by one starting when the paid period ends, or now; `switch` (with "
    "`plan_id`) starts the new plan, without trial, on the default payment method when the "
    "paid period ends; `restart` continues a cancelled, still-paid membership when its paid "
    "period ends (no trial). The old subscription is kept when anything fails (503 with the "
    "spec's error text; 402 when a charge is declined). 409 when the subscription was "
    "already replaced, or another change of the reader's is still running.",
)
def change_subscription(
    subscription_id: str,
    body: schemas.SubscriptionChangeIn,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> Response:
    def act() -> dict[str, Any]:
        if body.action == "pause":
            return changes.pause(
                db,
                rt,
                gw,
                reader,
                subscription_id,
                body.pause_length or 0,
                body.pause_reason,
                body.pause_reason_text,
            )
        if body.action == "resume":
            return changes.resume(db, rt, gw, reader, subscription_id)
        if body.action == "restart":
            return changes.restart(db, rt, gw, reader, subscription_id)
        if not body.plan_id:
            raise BillingError("bad-request", "The plan_id field is required to switch plans.")
        return changes.switch(db, rt, gw, reader, subscription_id, body.plan_id)

    return _json(_call(act))


@router.patch(
    "/zephr/payment/braintree/payment-methods/{token}",
    response_model=schemas.PaymentMethodOut,
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
    body: schemas.NewPaymentMethod,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> Response:
    method = _call(
        lambda: service.update_payment_method(db, rt, gw, reader, token, body.payment_method_nonce)
    )
    return _json(method)


@router.delete(
    "/zephr/payment/braintree/payment-methods/{token}",
    status_code=204,
    responses={401: {}, 404: {}, 409: {}, 503: {}},
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
    _call(lambda: service.delete_payment_method(db, rt, gw, reader, token))
    return Response(status_code=204, headers=NO_STORE)


@router.put(
    "/zephr/payment/braintree/default-payment-method",
    response_model=schemas.PaymentMethodOut,
    responses={401: {}, 404: {}, 503: {}},
    summary="Make a vaulted method the default; live subscriptions move to it",
    description="404 `payment-method-not-found` when the token is not one of the reader's "
    "methods. Adds a timestamp to the profile's `payment-method-update-log` (last 3 kept).",
)
def set_default_payment_method(
    body: schemas.DefaultPaymentMethod,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> Response:
    method = _call(
        lambda: service.set_default_payment_method(db, rt, gw, reader, body.payment_method_token)
    )
    return _json(method)
