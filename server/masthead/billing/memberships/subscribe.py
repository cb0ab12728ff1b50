"""Starting a membership: POST /blaize/payment/braintree/subscribe.

- One charge per intent: while a reader has an Active or Pending subscription on the plan,
  subscribing again answers its grant_id. Concurrent subscribes (a double click) are
  serialised by a claim on the reader's customer row, committed on its own before the gateway
  is called; the second request waits for the first and then answers its grant_id.
- No duplicate after a crash: the subscription's id is chosen here and committed (with the
  claim's customer row) before the gateway is called, as plan changes do (settle.py). A
  request that dies after the gateway made the subscription leaves that id behind; the next
  subscribe looks it up and stores what it finds instead of creating a second one.
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
from datetime import date, timedelta

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
from masthead.billing.gateway.dates import add_months
from masthead.billing.home_delivery import service as home_delivery
from masthead.billing.memberships import receipts, repository, sync
from masthead.billing.memberships.changes import PAUSE_LENGTHS
from masthead.billing.memberships.service import LIVE
from masthead.billing.payment_methods.service import ensure_customer, vault
from masthead.deps import Runtime
from masthead.identity.api import Reader, read_profile
from masthead.region import REGION_MESSAGE

log = logging.getLogger(__name__)

CLAIM = timedelta(seconds=60)  # longer than any gateway call; a dead request's claim lapses
WAIT_SECONDS = 15.0  # how long a second subscribe waits for the first to finish
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
    waited = _claim_or_wait(rt, reader.user_id, plan.id)
    if waited is not None:
        return waited
    try:
        with rt.sessions() as fresh:  # one that finished between the first look and the claim
            grant = _existing_grant(fresh, reader.user_id, plan.id)
        if grant is None:
            grant = _recovered(rt, gw, reader.user_id, plan.id)
        if grant is None:
            subscription_id = _choose_id(rt, reader.user_id)
            grant = _start(db, rt, gw, reader, plan, customer_id, req, today, subscription_id)
            # Lands with the subscription row: the claim and the chosen id are done with.
            repository.release_subscribe(db, reader.user_id, stored=True)
            return grant
    except BaseException:
        _release(rt, reader.user_id)
        raise
    _release(rt, reader.user_id)
    return grant


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


def _release(rt: Runtime, user_id: int) -> None:
    with rt.sessions.begin() as own:
        repository.release_subscribe(own, user_id)


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


def _recovered(rt: Runtime, gw: PaymentGateway, user_id: int, plan_id: str) -> str | None:
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
        repository.release_subscribe(own, user_id, stored=True)
    log.warning("subscribe: stored %s, made by a request that did not finish", info.id)
    with rt.sessions() as fresh:
        return _existing_grant(fresh, user_id, plan_id)


def _profile_after_start(db: Session, rt: Runtime, user_id: int, info: SubscriptionInfo) -> None:
    values: dict[str, object] = {"current-plan": info.plan_id}
    if info.trial_period:
        values["had-trial"] = True
    sync.set_profile(db, rt, user_id, values)


def _claim_or_wait(rt: Runtime, user_id: int, plan_id: str) -> str | None:
    """Take the claim (None), or wait for its holder and answer the grant it made."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        now = rt.clock.now()
        with rt.sessions.begin() as own:
            if repository.claim_subscribe(own, user_id, now, now + CLAIM):
                return None
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
