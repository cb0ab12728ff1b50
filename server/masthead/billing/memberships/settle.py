"""Replacing one subscription by another at the gateway, with nothing left half-done.

Pause, resume and plan switch all end one subscription and start another (spec section 4).
Braintree has no transaction across two calls, so each change runs as a small saga:

1. A settle job is written to the outbox first, in its own committed transaction, naming the
   old subscription and the new one's id (chosen here: Braintree takes a caller's id). It
   runs only if the request does not finish, a few minutes later.
2. The new subscription is created (it starts later, so nothing is charged yet, except a
   resume with nothing left paid, which charges now).
3. The old one is cancelled. If that fails, the new one is cancelled again (compensation).
4. `settle` reads both from the gateway and writes what it says: the local copies, and the
   profile keys of a change that landed (or of one that did not). The request does this
   itself and marks the job done in the same transaction; after a crash the job does it.

A change has landed when the new subscription is live and the old one is not. Both live means
the compensation did not happen: settle cancels the new one (a retried job keeps trying until
the gateway answers). So a reader never keeps two live subscriptions, and is never left
without the old one unless the new one exists.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.catalog import repository as catalog_repository
from masthead.billing.gateway import (
    CANCELED,
    EXPIRED,
    NOT_FOUND,
    GatewayError,
    PaymentGateway,
    SubscriptionInfo,
)
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.memberships import receipts, repository, sync
from masthead.billing.memberships.claim import MEMBERSHIP_CLAIM, BillingClaimHeld
from masthead.billing.memberships.normalise import copy_info
from masthead.claims import try_claim
from masthead.deps import Runtime
from masthead.jobs.api import enqueue, mark_done, pending_of_topic

log = logging.getLogger(__name__)

SETTLE_TOPIC = "billing.settle_change"
SETTLE_AFTER = timedelta(minutes=3)  # longer than any request; the job is the safety net
ENDED = (CANCELED, EXPIRED)


@dataclass(frozen=True)
class Change:
    """One subscription replaced by another, and the profile keys either outcome writes."""

    kind: str  # pause, resume or switch
    user_id: int
    old_id: str
    new_id: str
    plan_id: str
    payment_method_token: str
    start: date | None  # the new one's first billing date; None charges now
    landed_profile: dict[str, Any] = field(default_factory=dict)
    failed_profile: dict[str, Any] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        data = asdict(self)
        data["start"] = None if self.start is None else self.start.isoformat()
        return data

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> Change:
        start = data.get("start")
        return cls(**{**data, "start": None if start is None else date.fromisoformat(start)})


@dataclass(frozen=True)
class Outcome:
    landed: bool
    new: SubscriptionInfo | None
    error: GatewayError | None = None  # why it did not land, when the gateway said


def run(db: Session, rt: Runtime, gw: PaymentGateway, change: Change) -> Outcome:
    """Steps 1-4 above. The caller holds the reader's billing claim; writes land in db."""
    with rt.sessions.begin() as own:
        job = enqueue(own, rt.clock, SETTLE_TOPIC, change.payload(), SETTLE_AFTER)
        own.flush()
        job_id = job.id
    error: GatewayError | None = None
    try:
        gw.create_subscription(
            change.payment_method_token,
            change.plan_id,
            first_billing_date=change.start,
            trial_duration=0,
            subscription_id=change.new_id,
        )
    except GatewayError as exc:
        error = exc
    else:
        error = _cancel_old(gw, change)
    outcome = settle(db, rt, gw, change)
    mark_done(db, job_id, rt.clock.now())
    return Outcome(outcome.landed, outcome.new, error)


def _cancel_old(gw: PaymentGateway, change: Change) -> GatewayError | None:
    try:
        gw.cancel_subscription(change.old_id)
    except GatewayError as exc:
        if _ended(gw, change.old_id):  # cancelled meanwhile: the change stands
            return None
        try:
            gw.cancel_subscription(change.new_id)
        except GatewayError:
            log.warning("compensation for %s failed; the settle job retries", change.new_id)
        return exc
    return None


def _ended(gw: PaymentGateway, subscription_id: str) -> bool:
    try:
        return gw.find_subscription(subscription_id).status in ENDED
    except GatewayError:
        return False


def _find(gw: PaymentGateway, subscription_id: str) -> SubscriptionInfo | None:
    try:
        return gw.find_subscription(subscription_id)
    except GatewayError as exc:
        if exc.code == NOT_FOUND:
            return None
        raise


def settle(db: Session, rt: Runtime, gw: PaymentGateway, change: Change) -> Outcome:
    """Write what the gateway says of the change. Raises GatewayError while it cannot tell."""
    new = _find(gw, change.new_id)
    old = gw.find_subscription(change.old_id)
    if new is not None and new.status not in ENDED and old.status not in ENDED:
        new = gw.cancel_subscription(change.new_id)  # both live: undo the new one
    landed = new is not None and new.status not in ENDED and old.status in ENDED
    old_row = repository.subscription(db, change.old_id)
    if old_row is not None:
        copy_info(old_row, old)
    new_row = repository.subscription(db, change.new_id)
    if new_row is not None and new is not None:
        copy_info(new_row, new)
    elif landed and new is not None:
        plan = catalog_repository.plan(db, change.plan_id)
        name, product = (plan.name, plan.product_id) if plan else (change.plan_id, "")
        new_row = sync.store_new(db, rt, change.user_id, new, name, product)
        new_row.follows_id = change.old_id  # the old one shows it as its pendingSubscription
    if landed and change.kind == "switch" and new_row is not None:  # by the request or the job
        receipts.plan_changed(db, rt, old_row, new_row)
    sync.set_profile(
        db, rt, change.user_id, change.landed_profile if landed else change.failed_profile
    )
    return Outcome(landed, new if landed else None)


def finish_abandoned(db: Session, rt: Runtime, gw: PaymentGateway, user_id: int) -> int:
    """Settle now the changes of this reader whose requests died (their settle jobs still
    pending), before anything new is done for them: a retry must start from what the dead
    request left at the gateway, or it would make a second new subscription beside the
    first. The caller holds the reader's claim, so no live request is still running them."""
    finished = 0
    for job_id, payload in pending_of_topic(db, SETTLE_TOPIC):
        if payload.get("user_id") != user_id:
            continue
        change = Change.from_payload(payload)
        outcome = settle(db, rt, gw, change)
        mark_done(db, job_id, rt.clock.now())
        log.warning(
            "settled %s change %s -> %s of a request that died: landed=%s",
            change.kind,
            change.old_id,
            change.new_id,
            outcome.landed,
        )
        finished += 1
    if finished:
        db.flush()
    return finished


def handle_settle_job(runtime: Runtime, payload: dict[str, Any]) -> None:
    """The outbox side: a change whose request did not finish is settled here, holding the
    reader's claim like any change (a held claim: retried later)."""
    change = Change.from_payload(payload)
    gw = gateway_of(runtime)
    with try_claim(runtime, MEMBERSHIP_CLAIM, change.user_id) as held:
        if not held:
            raise BillingClaimHeld(f"reader {change.user_id} is changing their membership")
        with runtime.sessions.begin() as db:
            outcome = settle(db, runtime, gw, change)
        log.info(
            "settled %s change %s -> %s: landed=%s",
            change.kind,
            change.old_id,
            change.new_id,
            outcome.landed,
        )
