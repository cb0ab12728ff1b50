"""Past-due payments: the reader's retry (site API /subscriptions/{id}/retry) and the
worker's automatic retries.

A failed renewal leaves the subscription Past Due with the amount owed as its balance. The
worker retries it every RETRY_EVERY, at most AUTOMATIC_RETRIES times after the failed
renewal; the reader can retry at any time (after updating their card, typically). A retry
of a subscription that is paid up again answers it as it is, so a double click charges once
(retries are serialised by the reader's billing claim).
"""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.catalog.cta import RESTART_ERROR
from masthead.billing.errors import BillingError, from_gateway
from masthead.billing.gateway import ACTIVE, PAST_DUE, GatewayError, PaymentGateway
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.memberships import repository, sync
from masthead.billing.memberships.changes import serialised
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import copy_info, subscription_out
from masthead.billing.memberships.schemas import SubscriptionChangeOut
from masthead.deps import Runtime
from masthead.identity.api import Reader

log = logging.getLogger(__name__)

RETRY_EVERY = timedelta(days=5)
CHECK_INTERVAL_SECONDS = 3600.0  # how often the worker looks for retries that are due
AUTOMATIC_RETRIES = 3
RETRY_SUCCESS = "Thank you. Your payment went through and your membership is active again."
PAID = ("authorized", "submitted_for_settlement", "settling", "settled")


def retry(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, subscription_id: str
) -> SubscriptionChangeOut:
    def work() -> SubscriptionChangeOut:
        row = repository.subscription(db, subscription_id)
        if row is None or row.user_id != reader.user_id:
            raise BillingError("subscription-not-found", "There is no such subscription.")
        if row.status == ACTIVE:  # paid meanwhile (another click, or the worker)
            return SubscriptionChangeOut(message=RETRY_SUCCESS, subscription=subscription_out(row))
        if row.status != PAST_DUE:
            raise BillingError("not-past-due", "This membership has no payment due.")
        failure: GatewayError | None = None
        try:
            gw.retry_charge(subscription_id)
        except GatewayError as exc:
            failure = exc
        _refresh(db, rt, gw, row)
        if failure is not None:
            db.commit()  # the refreshed copy (one more failed attempt) stands
            declined = failure.transaction is not None or failure.verification is not None
            raise (
                from_gateway(failure) if declined else BillingError("change-failed", RESTART_ERROR)
            )
        return SubscriptionChangeOut(message=RETRY_SUCCESS, subscription=subscription_out(row))

    return serialised(db, rt, reader, work)


def _refresh(db: Session, rt: Runtime, gw: PaymentGateway, row: BillingSubscription) -> None:
    try:
        info = gw.find_subscription(row.id)
    except GatewayError:
        log.warning("subscription %s not refreshed after a retry; a webhook will", row.id)
        return
    copy_info(row, info)
    sync.convert_once(db, rt, row)


def failed_attempts(transactions: list[dict[str, Any]]) -> tuple[int, date | None]:
    """Failed charges since the last paid one (newest first), and the day of the newest."""
    failures = 0
    for t in transactions:
        if t.get("status") in PAID:
            break
        failures += 1
    newest = transactions[0].get("created_at") if transactions else None
    return failures, None if newest is None else datetime.fromisoformat(newest).date()


def retry_due(today: date, transactions: list[dict[str, Any]]) -> bool:
    failures, last = failed_attempts(transactions)
    if failures == 0 or failures > AUTOMATIC_RETRIES or last is None:
        return False
    return today - last >= RETRY_EVERY


def retry_past_due(runtime: Runtime) -> None:
    """The worker's periodic hook: retry every Past Due subscription that is due a retry."""
    today = runtime.clock.now().date()
    with runtime.sessions() as db:
        rows = repository.past_due_transactions(db)
    due = [sid for sid, transactions in rows if retry_due(today, list(transactions or []))]
    gw = gateway_of(runtime)
    for subscription_id in due:
        try:
            gw.retry_charge(subscription_id)
        except GatewayError as exc:
            log.info("automatic retry of %s refused: %s", subscription_id, exc.message)
        try:  # read before the local transaction opens (SQLite: one writer at a time)
            info = gw.find_subscription(subscription_id)
        except GatewayError:
            continue  # a webhook brings the outcome
        with runtime.sessions.begin() as db:
            row = repository.subscription(db, subscription_id)
            if row is not None:
                copy_info(row, info)
                sync.convert_once(db, runtime, row)
