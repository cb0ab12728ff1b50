"""Pause, resume, plan switch and restart: PATCH /blaize/payment/braintree/subscriptions/{id}.

Each replaces the reader's running subscription by a new one (spec section 4), through the
saga in settle.py. Where the new one starts:
- pause: the end of the paid period (the day after paid-through, the trial's end, or a
  pending start) plus the pause length in months; the profile is marked paused.
- resume: the day after a cancelled subscription is paid through, if one still is; else now
  (charged at once). The profile is unpaused.
- switch: the end of the paid period, on the new plan, with the default payment method and
  no trial.
- restart (the cancelled-user resubscribe): a cancelled subscription still paid for (or in
  its trial) is followed by a new one on its plan from its first unpaid day, no trial.

A reader's billing operations are serialised by the claim subscribe uses: a second change
waits for the first, then sees the subscription it named already replaced (409), so two
switches at once leave exactly one live subscription.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from masthead.billing.catalog import repository as catalog_repository
from masthead.billing.catalog.cta import (
    PAUSE_ERROR,
    PAUSE_SUCCESS,
    RESTART_ERROR,
    RESUME_ERROR,
    RESUME_SUCCESS,
    UPDATE_SUBSCRIPTIONS_ERROR,
)
from masthead.billing.errors import BillingError, from_gateway
from masthead.billing.gateway import ACTIVE, CANCELED, PENDING, GatewayError, PaymentGateway
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.gateway.dates import add_months
from masthead.billing.memberships import repository, settle, sync
from masthead.billing.memberships.claim import MEMBERSHIP_CLAIM
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import in_trial, subscription_out
from masthead.billing.memberships.schemas import SubscriptionChangeOut
from masthead.billing.memberships.service import LIVE
from masthead.claims import try_claim
from masthead.deps import Runtime
from masthead.identity.api import Reader, read_profile

PAUSE_LENGTHS = (1, 2, 3)  # months a reader may pause for
WAIT_SECONDS = 15.0
POLL_SECONDS = 0.1
T = TypeVar("T")


def pause(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    reader: Reader,
    subscription_id: str,
    months: int,
    reason: str = "",
    reason_text: str = "",
) -> SubscriptionChangeOut:
    if not rt.settings.membership_pause_enabled:
        raise BillingError("pause-disabled", "Pausing a membership is not available right now.")
    if months not in PAUSE_LENGTHS:
        raise BillingError("bad-request", "The pause_length field must be 1, 2 or 3 (months).")

    def work() -> SubscriptionChangeOut:
        if read_profile(reader_profile(db, reader))["paused"]:
            raise BillingError("already-paused", "Your membership is already paused.")
        row = _running(db, reader, subscription_id)
        if in_trial(row):  # cancelling a trial ends it at once: nothing paid to keep
            raise BillingError(
                "in-trial", "You can pause your membership once your free trial has ended."
            )
        today = rt.clock.now().date()
        effective = _period_end(row, today)
        restart = add_months(effective, months)
        change = settle.Change(
            kind="pause",
            user_id=reader.user_id,
            old_id=row.id,
            new_id=_new_id(),
            plan_id=row.plan_id,
            payment_method_token=row.payment_method_token,
            start=restart,
            landed_profile={
                "paused": True,
                "paused-length": str(months),
                "pause-reason": reason[:200],
                "pause-reason-text": reason_text[:1000],
            },
        )
        answer = _run(db, rt, gw, change, PAUSE_ERROR, PAUSE_SUCCESS)
        return answer.model_copy(update={"effectiveDate": effective.isoformat()})

    return serialised(db, rt, reader, work)


def resume(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, subscription_id: str
) -> SubscriptionChangeOut:
    def work() -> SubscriptionChangeOut:
        row = _owned(db, reader, subscription_id)
        paused = bool(read_profile(reader_profile(db, reader))["paused"])
        if row.status == ACTIVE and paused:  # the pause is over already: only the flag is left
            sync.set_profile(db, rt, reader.user_id, {"paused": False})
            return SubscriptionChangeOut(message=RESUME_SUCCESS, subscription=subscription_out(row))
        if row.status != PENDING or not paused:
            raise BillingError("not-paused", "Your membership is not paused.")
        today = rt.clock.now().date()
        paid_until = max(
            (
                r.paid_through_date
                for r in repository.subscriptions_of(db, reader.user_id)
                if r.status == CANCELED and r.paid_through_date and r.paid_through_date >= today
            ),
            default=None,
        )
        start = None if paid_until is None else paid_until + timedelta(days=1)
        change = settle.Change(
            kind="resume",
            user_id=reader.user_id,
            old_id=row.id,
            new_id=_new_id(),
            plan_id=row.plan_id,
            payment_method_token=row.payment_method_token,
            start=start,
            landed_profile={"paused": False, "paused-length": ""},
        )
        return _run(db, rt, gw, change, RESUME_ERROR, RESUME_SUCCESS)

    return serialised(db, rt, reader, work)


def switch(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    reader: Reader,
    subscription_id: str,
    plan_id: str,
) -> SubscriptionChangeOut:
    def work() -> SubscriptionChangeOut:
        plan = catalog_repository.plan(db, plan_id)
        if plan is None or not plan.enabled:
            raise BillingError("plan-not-found", f'There is no plan "{plan_id[:64]}".')
        row = _running(db, reader, subscription_id)
        if row.plan_id == plan.id:
            raise BillingError("same-plan", f"You are already on the {plan.name} plan.")
        start = _period_end(row, rt.clock.now().date())
        change = settle.Change(
            kind="switch",
            user_id=reader.user_id,
            old_id=row.id,
            new_id=_new_id(),
            plan_id=plan.id,
            payment_method_token=_default_method(db, gw, reader),
            start=None if start <= rt.clock.now().date() else start,
            landed_profile={"current-plan": plan.id},
        )
        done = f"Your plan changes to {plan.name} on {start:%B} {start.day}, {start.year}."
        return _run(db, rt, gw, change, UPDATE_SUBSCRIPTIONS_ERROR, done)

    return serialised(db, rt, reader, work)


def restart(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, subscription_id: str
) -> SubscriptionChangeOut:
    """A cancelled membership that is still paid for continues when its paid period ends, on
    the same plan and the default payment method, without a trial."""

    def work() -> SubscriptionChangeOut:
        row = _owned(db, reader, subscription_id)
        today = rt.clock.now().date()
        rows = repository.subscriptions_of(db, reader.user_id)
        if any(r.status in LIVE for r in rows):
            raise BillingError(
                "already-subscribed", "Your membership is running: there is nothing to restart."
            )
        # The first day not paid for: after the paid-through date, or a trial's end.
        paid = row.paid_through_date
        start = paid + timedelta(days=1) if paid else row.next_billing_date
        if row.status != CANCELED or start is None or start <= today:
            raise BillingError(
                "not-restartable",
                "This membership has ended. Choose a plan to subscribe again.",
            )
        plan = catalog_repository.plan(db, row.plan_id)
        if plan is None or not plan.enabled:
            raise BillingError(
                "not-restartable", "This plan is no longer offered. Choose a plan to subscribe."
            )
        change = settle.Change(
            kind="restart",
            user_id=reader.user_id,
            old_id=row.id,
            new_id=_new_id(),
            plan_id=plan.id,
            payment_method_token=_default_method(db, gw, reader),
            start=start,
            landed_profile={"current-plan": plan.id, "cancel-reason": "", "cancel-reason-text": ""},
        )
        done = f"Welcome back! Your membership continues on {start:%B} {start.day}, {start.year}."
        return _run(db, rt, gw, change, RESTART_ERROR, done)

    return serialised(db, rt, reader, work)


def reader_profile(db: Session, reader: Reader) -> dict[str, Any]:
    """The profile as stored now (the session's Reader was read before the claim)."""
    user = repository.user(db, reader.user_id)
    return dict(user.profile.attributes) if user is not None else dict(reader.attributes)


def _owned(db: Session, reader: Reader, subscription_id: str) -> BillingSubscription:
    row = repository.subscription(db, subscription_id)
    if row is None or row.user_id != reader.user_id:
        raise BillingError("subscription-not-found", "There is no such subscription.")
    return row


def _running(db: Session, reader: Reader, subscription_id: str) -> BillingSubscription:
    row = _owned(db, reader, subscription_id)
    if row.status not in (ACTIVE, PENDING):
        if any(r.status in LIVE for r in repository.subscriptions_of(db, reader.user_id)):
            raise BillingError(
                "subscription-changed",
                "Your membership has changed meanwhile. Please review it and try again.",
            )
        raise BillingError("not-running", "Only a running membership can be changed.")
    return row


def _period_end(row: BillingSubscription, today: date) -> date:
    """The first day the running subscription has not been paid for."""
    if row.status == PENDING:
        return max(row.first_billing_date or today, today)
    if row.paid_through_date is not None and row.paid_through_date >= today:
        return row.paid_through_date + timedelta(days=1)
    return max(row.next_billing_date or today, today)


def _default_method(db: Session, gw: PaymentGateway, reader: Reader) -> str:
    customer = repository.customer(db, reader.user_id)
    try:
        methods = gw.list_payment_methods(customer.customer_id) if customer else []
    except GatewayError as exc:
        raise from_gateway(exc) from exc
    default = next((m for m in methods if m.default), None)
    if default is None:
        raise BillingError("payment-method-required", "Please add a payment method.")
    return default.token


def _new_id() -> str:
    return uuid.uuid4().hex[:20]


def _run(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    change: settle.Change,
    failure: str,
    success: str,
) -> SubscriptionChangeOut:
    try:
        outcome = settle.run(db, rt, gw, change)
    except GatewayError as exc:  # could not even tell how it ended: the settle job will
        raise BillingError("change-failed", failure) from exc
    if not outcome.landed:
        declined = outcome.error is not None and (
            outcome.error.transaction is not None or outcome.error.verification is not None
        )
        db.commit()  # what settle wrote stands: the old subscription, kept, is the truth
        if declined and outcome.error is not None:
            raise from_gateway(outcome.error)
        raise BillingError("change-failed", failure)
    row = repository.subscription(db, change.new_id)
    return SubscriptionChangeOut(
        message=success, subscription=None if row is None else subscription_out(row)
    )


def serialised(db: Session, rt: Runtime, reader: Reader, work: Callable[[], T]) -> T:
    """Run work holding the reader's billing claim (masthead/claims.py: it dies with this
    request's connection, so a killed request never blocks the reader's retry); work's
    writes are committed before the claim is let go."""
    if repository.customer(db, reader.user_id) is None:
        raise BillingError("subscription-not-found", "There is no such subscription.")
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        with try_claim(rt, MEMBERSHIP_CLAIM, reader.user_id) as held:
            if held:
                db.expire_all()  # what the claim's previous holder wrote
                try:
                    # A change whose request died first: the work starts from what it left,
                    # which stands whatever the work then does.
                    if settle.finish_abandoned(db, rt, gateway_of(rt), reader.user_id):
                        db.commit()
                    result = work()
                except BaseException:
                    db.rollback()
                    raise
                db.commit()
                return result
        if time.monotonic() >= deadline:
            raise BillingError(
                "change-in-progress",
                "Your membership is being changed. Please check your account in a moment.",
            )
        time.sleep(POLL_SECONDS)
