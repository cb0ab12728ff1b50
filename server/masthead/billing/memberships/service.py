"""Memberships of the signed-in reader: subscriptions, the membership status and its
answer, cancelling. Subscribing is in subscribe.py, changes in changes.py.

Order inside a request: gateway calls first, then the writes in the request's session (it
commits at the end). The sandbox gateway runs each call in its own transaction, and on SQLite
a request already holding a write lock would make it wait.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.catalog import repository as catalog_repository
from masthead.billing.catalog.cta import status_message
from masthead.billing.errors import BillingError, from_gateway
from masthead.billing.gateway import (
    ACTIVE,
    CANCELED,
    EXPIRED,
    PAST_DUE,
    PENDING,
    GatewayError,
    PaymentGateway,
)
from masthead.billing.home_delivery import service as home_delivery
from masthead.billing.memberships import receipts, repository, step_up, sync
from masthead.billing.memberships.membership_view import fields as period_fields
from masthead.billing.memberships.membership_view import still_running_cancelled
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import (
    copy_info,
    facts,
    pending_successors,
    subscription_out,
)
from masthead.billing.memberships.schemas import MembershipOut, SubscriptionOut
from masthead.billing.memberships.status import (
    PAUSED,
    AccountStatus,
    is_member,
    resolve_status,
    should_auto_unpause,
    sort_date,
)
from masthead.deps import Runtime
from masthead.identity.api import Reader, read_profile

log = logging.getLogger(__name__)


LIVE = (ACTIVE, PENDING, PAST_DUE)


def _sorted(rows: list[BillingSubscription]) -> list[BillingSubscription]:
    """Newest first by ends, paid-through or next billing date (status.sort_subscriptions)."""
    dated = [r for r in rows if sort_date(facts(r)) is not None]
    undated = [r for r in rows if sort_date(facts(r)) is None]
    dated.sort(key=lambda r: sort_date(facts(r)) or r.created_at.date(), reverse=True)
    return dated + undated


def subscriptions(db: Session, reader: Reader) -> list[SubscriptionOut]:
    rows = _sorted(list(repository.subscriptions_of(db, reader.user_id)))
    pending = pending_successors(rows)
    return [subscription_out(row, pending.get(row.id)) for row in rows]


def _status(rt: Runtime, rows: list[BillingSubscription], profile: dict[str, Any]) -> AccountStatus:
    return resolve_status(
        [facts(r) for r in rows],
        today=rt.clock.now().date(),
        pause_feature_enabled=rt.settings.membership_pause_enabled,
        profile_paused=bool(profile["paused"]),
        current_plan=str(profile["current-plan"] or "") or None,
    )


@dataclass(frozen=True)
class AccountFacts:
    """What other domains (the access decisions) may know of a reader's membership."""

    status: AccountStatus  # from the subscriptions alone (home delivery is a product)
    live_plan_ids: frozenset[str]  # plans of the active, pending and past-due subscriptions
    live_subscription_id: str | None  # the one the account area shows and manages


def account_facts(db: Session, rt: Runtime, reader: Reader) -> AccountFacts:
    rows = _sorted(list(repository.subscriptions_of(db, reader.user_id)))
    live = [r for r in rows if r.status in LIVE]
    return AccountFacts(
        status=_status(rt, rows, read_profile(reader.attributes)),
        live_plan_ids=frozenset(r.plan_id for r in live),
        live_subscription_id=live[0].id if live else None,
    )


def membership(db: Session, rt: Runtime, reader: Reader) -> MembershipOut:
    rows = _sorted(list(repository.subscriptions_of(db, reader.user_id)))
    today = rt.clock.now().date()
    profile = read_profile(reader.attributes)
    pausing = rt.settings.membership_pause_enabled
    status = _status(rt, rows, profile)
    delivery = home_delivery.reader_view(db, reader.email, rows)
    if delivery.active:  # free with print home delivery: nothing paid, nothing to manage
        status = AccountStatus.ACTIVE
    if should_auto_unpause(bool(profile["paused"]), status, pausing):
        sync.set_profile(db, rt, reader.user_id, {"paused": False, "paused-length": ""})
    live = [r for r in rows if r.status in LIVE]
    paid_ahead = still_running_cancelled(rows, today)
    shown = [] if delivery.active else live or paid_ahead
    active = shown[0] if shown else None
    periods = period_fields(rows, active, today)
    return MembershipOut(
        status=status.value,
        isMember=is_member(status, delivery.products),
        activeSubscription=None if active is None else subscription_out(active),
        # The home-delivery message says why the membership ended, better than "inactive".
        paymentMessage=None if delivery.message else status_message(status),
        membershipEnabled=rt.settings.membership_enabled,
        pauseEnabled=pausing,
        pausedLength=_paused_length(profile) if status in PAUSED else None,
        homeDelivery=delivery.active,
        homeDeliveryMessage=delivery.message,
        priceChange=None
        if active is None
        else step_up.upcoming(catalog_repository.plan_row(db, active.plan_id), active, today),
        accessUntil=_day(periods.access_until),
        freeTrialUntil=_day(periods.free_trial_until),
        planChangeDate=_day(periods.plan_change_date),
    )


def _day(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


def _paused_length(profile: dict[str, Any]) -> int | None:
    length = str(profile.get("paused-length") or "")
    return int(length) if length.isdigit() else None


def cancel(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    reader: Reader,
    subscription_id: str,
    reason: str,
    reason_text: str,
    *,
    receipt: bool = True,
) -> SubscriptionOut:
    """Cancel at the gateway; access lasts until the paid-through date (Cancelled_Active).

    Cancelling a cancelled subscription answers it as it is, so a retried DELETE is harmless.
    `receipt=False`: the caller's own mail tells of it (an account's deletion: a receipt
    offering to restart the membership would mislead).
    """
    row = repository.subscription(db, subscription_id)
    if row is None or row.user_id != reader.user_id:
        raise BillingError("subscription-not-found", "There is no such subscription.")
    if row.status not in (CANCELED, EXPIRED):
        try:
            info = gw.cancel_subscription(subscription_id)
        except GatewayError as exc:
            try:  # cancelled meanwhile (a webhook not yet applied): take the gateway's word
                info = gw.find_subscription(subscription_id)
            except GatewayError:
                raise from_gateway(exc) from exc
            if info.status not in (CANCELED, EXPIRED):
                raise from_gateway(exc) from exc
        copy_info(row, info)
        row.cancel_reason, row.cancel_reason_text = reason[:200], reason_text[:1000]
        sync.set_profile(
            db,
            rt,
            reader.user_id,
            {"cancel-reason": reason[:200], "cancel-reason-text": reason_text[:1000]},
        )
        if receipt:
            receipts.cancelled(db, rt, row)  # once: a retried DELETE finds it cancelled
    return subscription_out(row)
