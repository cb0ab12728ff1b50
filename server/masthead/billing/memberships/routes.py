"""HTTP for memberships: subscribe, the reader's subscriptions, cancel and change them, the
membership answer, past-due retry and the pause mail (parse, call the service, map errors)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse

from masthead.billing.errors import BillingError
from masthead.billing.memberships import changes, retries
from masthead.billing.memberships import schemas as memberships_schemas
from masthead.billing.memberships import service as memberships_service
from masthead.billing.memberships.pause_email import send_pause_email
from masthead.billing.memberships.subscribe import SubscribeRequest, subscribe
from masthead.billing.payment_methods.card_limits import limit_card_attempt
from masthead.billing.route_support import CARD_LIMITS, SITE_NONCE, SITE_PREFIX, GatewayDep, call
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep, ReaderDep
from masthead.no_store import NO_STORE, NO_STORE_ANSWER
from masthead.region import RegionDep

# Every answer here is about one reader: never cached.
router = APIRouter(tags=["payments"], dependencies=[NO_STORE_ANSWER])
site_router = APIRouter(prefix=SITE_PREFIX, tags=["site"], dependencies=[NO_STORE_ANSWER])
PAUSE_REFUSAL = {"model": memberships_schemas.PauseEmailRefusal}


@site_router.post(
    "/pause-subscription-email/",
    dependencies=[SITE_NONCE],
    response_model=memberships_schemas.PauseEmailOut,
    responses={400: PAUSE_REFUSAL, 401: {}, 403: PAUSE_REFUSAL},
    summary="Mail the signed-in reader the confirmation of their pause",
    description="Queued in the outbox (sent by the worker). Only to the reader's own address; "
    "`cta` must link to this site (default: the membership page). The call's own refusal "
    "also carries `error` with the reason, as the spec's client reads it; a request refused "
    "before the call (not JSON, a field missing) answers the usual error shape.",
)
def pause_subscription_email(
    body: memberships_schemas.PauseEmailIn, reader: ReaderDep, db: DbDep, rt: RuntimeDep
) -> memberships_schemas.PauseEmailOut | JSONResponse:
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
        refusal = memberships_schemas.PauseEmailRefusal(
            error=exc.message, type=exc.type, message=exc.message
        )
        return JSONResponse(refusal.model_dump(), exc.status, headers=NO_STORE)
    return memberships_schemas.PauseEmailOut(error=None)


@site_router.post(
    "/subscriptions/{subscription_id}/retry",
    dependencies=[SITE_NONCE],
    response_model=memberships_schemas.SubscriptionChangeOut,
    responses={401: {}, 402: {}, 403: {}, 404: {}, 409: {}, 503: {}},
    summary="Charge a past-due membership's balance again",
    description="For a Past Due subscription (after the reader updated their card): the "
    "balance is charged on its payment method. A decline is 402 with the processor's text; "
    "a subscription paid up meanwhile answers 200 unchanged; 409 `not-past-due` otherwise.",
)
def retry_subscription(
    subscription_id: str, reader: ReaderDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep
) -> memberships_schemas.SubscriptionChangeOut:
    return call(lambda: retries.retry(db, rt, gw, reader, subscription_id))


@site_router.get(
    "/membership",
    dependencies=[SITE_NONCE],
    response_model=memberships_schemas.MembershipOut,
    responses={401: {}, 403: {}},
    summary="The signed-in reader's membership status, computed on the server",
    description="`status` is resolved from the reader's subscriptions (spec section 4); "
    "`activeSubscription` is the newest live one (active, pending, past due), else a "
    "cancelled one still paid for, else null; `paymentMessage` is the spec's past-due or "
    "inactive-account sentence, else null.",
)
def membership(reader: ReaderDep, db: DbDep, rt: RuntimeDep) -> memberships_schemas.MembershipOut:
    return memberships_service.membership(db, rt, reader)


@router.post(
    "/blaize/payment/braintree/subscribe",
    response_model=memberships_schemas.GrantOut,
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
    body: memberships_schemas.SubscribeIn,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
    region: RegionDep,
    address: AddressDep,
) -> memberships_schemas.GrantOut:
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
    return memberships_schemas.GrantOut(grant_id=call(lambda: subscribe(db, rt, gw, reader, req)))


@router.get(
    "/blaize/payment/braintree/subscriptions",
    response_model=list[memberships_schemas.SubscriptionOut],
    responses={401: {}},
    summary="The reader's subscriptions, normalised, newest first",
)
def subscriptions(reader: ReaderDep, db: DbDep) -> list[memberships_schemas.SubscriptionOut]:
    return memberships_service.subscriptions(db, reader)


@router.delete(
    "/blaize/payment/braintree/subscriptions/{subscription_id}",
    response_model=memberships_schemas.SubscriptionOut,
    responses={400: {}, 401: {}, 404: {}, 503: {}},
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
    body: Annotated[memberships_schemas.CancelIn | None, Body()] = None,
) -> memberships_schemas.SubscriptionOut:
    reason = body or memberships_schemas.CancelIn()
    return call(
        lambda: memberships_service.cancel(
            db,
            rt,
            gw,
            reader,
            subscription_id,
            reason.cancel_reason,
            reason.cancel_reason_text,
        )
    )


@router.patch(
    "/blaize/payment/braintree/subscriptions/{subscription_id}",
    response_model=memberships_schemas.SubscriptionChangeOut,
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
    body: memberships_schemas.SubscriptionChangeIn,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> memberships_schemas.SubscriptionChangeOut:
    def act() -> memberships_schemas.SubscriptionChangeOut:
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

    return call(act)
