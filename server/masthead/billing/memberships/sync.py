"""Writing what the gateway said into the local tables: the subscription copy, the profile's
billing keys, and the referral conversion a first payment causes (once per subscription).

Every function here writes in the caller's session and calls no gateway: on SQLite a request
must not hold a write transaction while the sandbox (its own transaction) works.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.gateway import ACTIVE, SubscriptionInfo
from masthead.billing.memberships import repository
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import copy_info
from masthead.deps import Runtime
from masthead.referrals.api import ReferralError, record_conversion

log = logging.getLogger(__name__)

CONVERSION_KEY = "membership_started"
PAID_STATUSES = ("authorized", "submitted_for_settlement", "settling", "settled")


def store_new(
    db: Session,
    rt: Runtime,
    user_id: int,
    info: SubscriptionInfo,
    plan_name: str,
    product_id: str,
) -> BillingSubscription:
    now = rt.clock.now()
    row = BillingSubscription(
        id=info.id,
        user_id=user_id,
        plan_name=plan_name,
        product_id=product_id,
        cancel_reason="",
        cancel_reason_text="",
        created_at=now,
    )
    copy_info(row, info)
    db.add(row)
    db.flush()
    return row


def set_profile(db: Session, rt: Runtime, user_id: int, values: dict[str, Any]) -> None:
    """Write server-owned profile keys (had-trial, current-plan, cancel-reason...)."""
    user = repository.user(db, user_id)
    if user is None:
        return
    # Assign a new dict: SQLAlchemy's JSON type notices replacement, not mutation.
    user.profile.attributes = {**user.profile.attributes, **values}
    user.profile.updated_at = rt.clock.now()


def end_pause_when_restarted(db: Session, rt: Runtime, row: BillingSubscription) -> None:
    """A pause ends when the subscription it scheduled starts: the profile is unpaused.

    (A paused profile with an Active subscription would otherwise read as Active_Paused.)
    """
    if row.status != ACTIVE or row.first_billing_date is None:
        return
    if row.first_billing_date > rt.clock.now().date():
        return
    user = repository.user(db, row.user_id)
    if user is not None and user.profile.attributes.get("paused"):
        set_profile(db, rt, user.id, {"paused": False, "paused-length": ""})


def paid(row: BillingSubscription) -> bool:
    """A first real payment happened: a successful charge of more than nothing."""
    return any(
        t.get("status") in PAID_STATUSES and str(t.get("amount", "0")) not in ("0", "0.00")
        for t in row.transactions
    )


def convert_once(db: Session, rt: Runtime, row: BillingSubscription) -> None:
    """Send the referral conversion for a paid membership the first time it is paid.

    The reader's referral ids are their tracking id (account and user), as the site API's
    referral JWT names them. A reader who never joined the programme converts nothing.
    """
    if row.converted_at is not None or not paid(row):
        return
    row.converted_at = rt.clock.now()
    tracking_id = repository.tracking_id(db, row.user_id)
    if tracking_id is None:
        return
    tenant = rt.settings.referral_tenant or "test_masthead"
    try:
        converted = record_conversion(db, rt, tenant, tracking_id, tracking_id, CONVERSION_KEY)
    except ReferralError as exc:  # no such tenant: an operator's problem, not the reader's
        log.warning("referral conversion for subscription %s not sent: %s", row.id, exc)
        return
    log.info("referral conversion for subscription %s: converted=%s", row.id, converted)
