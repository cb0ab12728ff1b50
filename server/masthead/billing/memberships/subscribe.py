"""Starting a membership: POST /blaize/payment/braintree/subscribe.

- One charge per intent: while a reader has an Active or Pending subscription on the plan,
  subscribing again answers its grant_id. Concurrent subscribes (a double click) are
  serialised by a claim on the reader (masthead/claims.py) held by the first request's own
  database connection; the second waits for the first and then answers its grant_id. A
  request whose process is killed loses its claim at once with its connection, so the
  reader's retry takes over straight away and finishes the work (below).
- No duplicate after a crash: the subscription's id is chosen here and committed (with the
  claim's customer row) before the gateway is called, as plan changes do (settle.py). A
  request that dies after the gateway made the subscription leaves that id behind; the next
  subscribe looks it up and stores what it finds instead of creating a second one, and if
  the reader never retries, the worker's reconciliation (reconcile_abandoned) does the same.
- Nothing half-written: the gateway is called first; the subscription row, the profile keys
  and the claim's release are written together in the request's session afterwards. A
  refusal writes nothing locally (the claim is released in its own transaction).
- Region: outside the supported region (masthead.region) subscribe is refused, 403.
- Price: the plan's amount, or its step-up amount from the step-up date on (step_up.py
  moves the subscribers who joined before the date, with a notice).
- start_date: from today up to the longest pause ahead (changes.PAUSE_LENGTHS), else 400,
  so no scheduled subscription lies further ahead than a pause could put one. Access never
  depends on the date: a later start is Pending, with no access, until its first charge
  (status.py).
- Trial: the plan's trial unless skip_trial_period, a future start_date (Braintree cannot
  combine a first billing date with a trial), or the profile's had-trial. had-trial is set
  when a trial starts.
"""

from __future__ import annotations

import logging
import time
import uuid
from dataclasses import dataclass
from datetime import date

from sqlalchemy.orm import Session

from masthead.billing.catalog import repository as catalog_repository
from masthead.billing.catalog import service as catalog
from masthead.billing.catalog.models import BillingPlan
from masthead.billing.catalog.plans import price_on
from masthead.billing.errors import BillingError, from_gateway
from masthead.billing.gateway import (
    ACTIVE,
    NOT_FOUND,
    PENDING,
    GatewayError,
    PaymentGateway,
    SubscriptionInfo,
)
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.gateway.dates import add_months
from masthead.billing.home_delivery import service as home_delivery
from masthead.billing.memberships import receipts, repository, sync
from masthead.billing.memberships.changes import PAUSE_LENGTHS
from masthead.billing.memberships.claim import MEMBERSHIP_CLAIM
from masthead.billing.memberships.service import LIVE
from masthead.billing.payment_methods.service import ensure_customer, vault
from masthead.claims import try_claim
from masthead.deps import Runtime
from masthead.identity.api import Reader, read_profile
from masthead.region import REGION_MESSAGE

log = logging.getLogger(__name__)

WAIT_SECONDS = 15.0  # how long a second subscribe waits for a live first one to finish
POLL_SECONDS = 0.1


@dataclass(frozen=True)
class SubscribeRequest:
    plan_id: str
    product_id: str | None = None
    payment_nonce: str | None = None
    skip_trial_period: bool = False
    start_date: date | None = None
    in_supported_region: bool = True  # the visitor's region (masthead.region)


def subscribe(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, req: SubscribeRequest
) -> str:
    """The grant_id (the gateway subscription id) of the reader's membership on the plan."""
    if not rt.settings.membership_enabled:
        raise BillingError("membership-disabled", "Memberships are not available right now.")
    if not req.in_supported_region:
        raise BillingError("unsupported-region", REGION_MESSAGE)
    home_delivery.refuse_subscribe(db, rt, reader.email)
    plan = catalog_repository.plan(db, req.plan_id)
    if plan is None:
        raise BillingError("plan-not-found", f'There is no plan "{req.plan_id[:64]}".')
    if req.product_id and req.product_id != plan.product_id:
        raise BillingError("bad-request", "The product_id field does not match the plan.")
    today = rt.clock.now().date()
    _check_start_date(req.start_date, today)
    existing = _existing_grant(db, reader.user_id, plan.id)
    if existing is not None:
        return existing
    customer_id = ensure_customer(db, rt, gw, reader)
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        with try_claim(rt, MEMBERSHIP_CLAIM, reader.user_id) as held:
            if held:
                with rt.sessions() as fresh:  # one that finished since the first look
                    grant = _existing_grant(fresh, reader.user_id, plan.id)
                if grant is None:
                    grant = _recovered(rt, gw, reader.user_id, plan.id)
                if grant is not None:
                    return grant
                subscription_id = _choose_id(rt, reader.user_id)
                grant = _start(db, rt, gw, reader, plan, customer_id, req, today, subscription_id)
                # Lands with the subscription row: the chosen id is done with. Committed
                # before the claim is let go, so the next holder sees it.
                repository.forget_subscribe_intent(db, reader.user_id, stored=True)
                db.commit()
                return grant
        waited = _finished_meanwhile(rt, reader.user_id, plan.id, deadline)
        if waited is not None:
            return waited


def latest_start(today: date) -> date:
    """The furthest first billing date a new membership may have: the longest pause ahead."""
    return add_months(today, max(PAUSE_LENGTHS))


def _check_start_date(start: date | None, today: date) -> None:
    if start is None:
        return
    if start < today:
        raise BillingError("bad-request", "The start_date field cannot be in the past.")
    last = latest_start(today)
    if start > last:
        raise BillingError(
            "bad-request",
            f"The start_date field cannot be after {last.isoformat()}: a membership can start "
            f"at most {max(PAUSE_LENGTHS)} months ahead.",
        )


def _existing_grant(db: Session, user_id: int, plan_id: str) -> str | None:
    """The same plan already Active or Pending: its id. Another live plan: 409."""
    for row in repository.subscriptions_of(db, user_id):
        if row.status in (ACTIVE, PENDING) and row.plan_id == plan_id:
            return row.id
        if row.status in LIVE:
            raise BillingError(
                "already-subscribed",
                "You already have a membership. Change your plan from your membership page.",
            )
    return None


def _choose_id(rt: Runtime, user_id: int) -> str:
    """The id the gateway will give the new subscription, committed before it is called."""
    subscription_id = uuid.uuid4().hex[:20]
    with rt.sessions.begin() as own:
        repository.set_subscribe_intent(own, user_id, subscription_id)
    return subscription_id


def _recovered(rt: Runtime, gw: PaymentGateway, user_id: int, plan_id: str | None) -> str | None:
    """A subscribe that died after the gateway call left its chosen id behind: the
    subscription it made, if the gateway has it live, is stored now (committed on its own)
    and answered as this one's grant (409 when it is on another plan)."""
    with rt.sessions() as fresh:
        intent = repository.subscribe_intent(fresh, user_id)
    if intent is None:
        return None
    try:
        info = gw.find_subscription(intent)
    except GatewayError as exc:
        if exc.code == NOT_FOUND:
            return None  # it never got there: this attempt creates it under a new id
        raise from_gateway(exc) from exc
    if info.status not in LIVE:
        return None
    with rt.sessions.begin() as own:
        if repository.subscription(own, info.id) is None:
            known = catalog_repository.plan(own, info.plan_id)
            name, product = (known.name, known.product_id) if known else (info.plan_id, "")
            row = sync.store_new(own, rt, user_id, info, name, product)
            _profile_after_start(own, rt, user_id, info)
            sync.convert_once(own, rt, row)
            receipts.subscribed(own, rt, row)
        repository.forget_subscribe_intent(own, user_id, stored=True)
    log.warning("subscribe: stored %s, made by a request that did not finish", info.id)
    if plan_id is None:  # the reconciliation: no request to answer
        return info.id
    with rt.sessions() as fresh:
        return _existing_grant(fresh, user_id, plan_id)


def _profile_after_start(db: Session, rt: Runtime, user_id: int, info: SubscriptionInfo) -> None:
    values: dict[str, object] = {"current-plan": info.plan_id}
    if info.trial_period:
        values["had-trial"] = True
    sync.set_profile(db, rt, user_id, values)


def _finished_meanwhile(rt: Runtime, user_id: int, plan_id: str, deadline: float) -> str | None:
    """While another live request holds the claim: the grant it made, once it has one; None
    to try for the claim again; 409 when it takes longer than WAIT_SECONDS."""
    with rt.sessions() as fresh:
        grant = _existing_grant(fresh, user_id, plan_id)
    if grant is not None:
        return grant
    if time.monotonic() >= deadline:
        raise BillingError(
            "subscribe-in-progress",
            "Your membership is being set up. Please check your account in a moment.",
        )
    time.sleep(POLL_SECONDS)
    return None


def _start(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    reader: Reader,
    plan: BillingPlan,
    customer_id: str,
    req: SubscribeRequest,
    today: date,
    subscription_id: str,
) -> str:
    token = _payment_token(gw, customer_id, req.payment_nonce)
    later = req.start_date if req.start_date is not None and req.start_date > today else None
    profile = read_profile(reader.attributes)
    trial = (
        plan.trial_duration > 0
        and not req.skip_trial_period
        and later is None
        and not profile["had-trial"]
    )
    # Past the plan's step-up date a new subscriber pays the step-up price from the first
    # charge; the gateway's plan may still carry the old amount.
    price = price_on(catalog.to_plan(plan), today)
    try:
        info = gw.create_subscription(
            token,
            plan.id,
            price=None if price == plan.amount else price,
            first_billing_date=later,
            trial_duration=plan.trial_duration if trial else 0,
            trial_unit=("month" if plan.trial_duration_unit == "month" else "day")
            if trial
            else None,
            subscription_id=subscription_id,
        )
    except GatewayError as exc:
        raise from_gateway(exc) from exc
    row = sync.store_new(db, rt, reader.user_id, info, plan.name, plan.product_id)
    _profile_after_start(db, rt, reader.user_id, info)
    sync.convert_once(db, rt, row)
    receipts.subscribed(db, rt, row)  # committed with the subscription
    return row.id


def _payment_token(gw: PaymentGateway, customer_id: str, nonce: str | None) -> str:
    if nonce:
        return vault(gw, customer_id, nonce, make_default=True).token
    try:
        methods = gw.list_payment_methods(customer_id)
    except GatewayError as exc:
        raise from_gateway(exc) from exc
    default = next((m for m in methods if m.default), None)
    if default is None:
        raise BillingError("payment-method-required", "Please add a payment method.")
    return default.token


RECONCILE_SECONDS = 60.0  # how often the worker looks for subscribes nobody finished
RECONCILE_BATCH = 100


def reconcile_abandoned(runtime: Runtime) -> None:
    """Periodic (background.py): a subscribe whose request died and whose reader never
    retried left its chosen id behind. Each one nobody holds a claim on now is settled as a
    retry would: the subscription the gateway made is stored (with its receipt and referral
    conversion), or the id is forgotten when the gateway never made it. Safe in several
    workers at once: the claim lets one at a time near a reader."""
    with runtime.sessions() as db:
        abandoned = repository.abandoned_intents(db, RECONCILE_BATCH)
    if not abandoned:
        return
    gw = gateway_of(runtime)
    for user_id, intent_id in abandoned:
        with try_claim(runtime, MEMBERSHIP_CLAIM, user_id) as held:
            if not held:
                continue  # a live request is on it
            try:
                found = _recovered(runtime, gw, user_id, None)
            except BillingError as exc:  # the gateway unavailable: the next round tries again
                log.warning("reconcile: subscribe intent %s left for later: %s", intent_id, exc)
                continue
            if found is None:
                with runtime.sessions.begin() as own:
                    repository.forget_subscribe_intent(own, user_id)
