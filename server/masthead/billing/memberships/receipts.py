"""The mail a member expects after a billing event: a receipt for a subscribe, a plan change,
each renewal charge and a cancellation, sent through the outbox with the change that caused it.

Each mail goes at most once, by a natural key (mail.service.send_once):
- every successful charge: "charge:<gateway transaction id>". The subscribe and plan-change
  receipts mention the charge they made and take its key, so the webhook that reports the same
  charge later sends nothing more; any other charge (a renewal, a retried past-due payment, a
  resume charged at once) gets its own receipt from the webhook that brings it in;
- a subscribe "subscribed:<subscription id>", a plan change "plan-changed:<new id>", a
  cancellation "cancelled:<subscription id>".
Charges older than RECENT_CHARGE are never receipted: the first webhook after this mail was
introduced must not mail receipts for a subscription's whole history.

Amounts are shown as the account area shows them ($24.99), dates as "November 21, 2027";
"paid through" is the last day paid for, the next payment is on the next billing date.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.catalog.plans import CENT
from masthead.billing.memberships import repository
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import facts as subscription_facts
from masthead.billing.memberships.status import is_cancelled_active
from masthead.deps import Runtime
from masthead.identity.api import read_profile
from masthead.mail.api import Mail, mark_sent, send_once

MEMBERSHIP_PAGE = "/account/settings/membership"
MANAGE = "Manage your membership"
RECENT_CHARGE = timedelta(days=7)
PAID_STATUSES = ("authorized", "submitted_for_settlement", "settling", "settled")
SUBSCRIBED_SUBJECT = "Your membership receipt"
RENEWED_SUBJECT = "Your membership payment receipt"
CHANGED_SUBJECT = "Your membership plan is changing"
CANCELLED_SUBJECT = "Your membership is cancelled"
NON_REFUNDABLE = "All charges are non-refundable."


def money(value: Decimal) -> str:
    """ "$24.99", "$1,299.00": the account area's "$" and the amount in cents."""
    return f"${value.quantize(CENT):,}"


def day(value: date) -> str:
    return f"{value:%B} {value.day}, {value.year}"


def manage_link(rt: Runtime) -> str:
    return rt.settings.public_url.rstrip("/") + MEMBERSHIP_PAGE


def _amount(charge: dict[str, Any]) -> Decimal:
    try:
        return Decimal(str(charge.get("amount", "0")).replace(",", ""))
    except InvalidOperation:
        return Decimal(0)


def _paid(charge: dict[str, Any]) -> bool:
    return charge.get("status") in PAID_STATUSES and _amount(charge) > 0


def _charged_on(charge: dict[str, Any]) -> datetime | None:
    try:
        return datetime.fromisoformat(str(charge.get("created_at")))
    except ValueError:
        return None


def _charge_key(charge: dict[str, Any]) -> str:
    return f"charge:{charge.get('id')}"


def _next_amount(row: BillingSubscription) -> Decimal:
    """The next charge: the price less the discounts still running on the subscription."""
    off = sum(
        (_amount(d) for d in row.discounts or [] if d.get("cycles") in (None, "") or d["cycles"]),
        Decimal(0),
    )
    return max(row.price - off, Decimal(0))


def _recipient(db: Session, row: BillingSubscription) -> tuple[str, str] | None:
    """(address, first name) of the subscription's reader."""
    user = repository.user(db, row.user_id)
    if user is None:
        return None
    name = str(read_profile(user.profile.attributes).get("first-name") or "").strip()
    return user.email, name


def _schedule(row: BillingSubscription) -> list[tuple[str, str]]:
    facts: list[tuple[str, str]] = [("Plan", row.plan_name)]
    if row.paid_through_date is not None:
        facts.append(("Paid through", day(row.paid_through_date)))
    if row.next_billing_date is not None:
        facts.append(
            ("Next payment", f"{money(_next_amount(row))} on {day(row.next_billing_date)}")
        )
    return facts


def _charge_facts(charges: list[dict[str, Any]]) -> list[tuple[str, str]]:
    facts = []
    for charge in charges:
        at = _charged_on(charge)
        when = f" on {day(at.date())}" if at is not None else ""
        facts.append(("Charged", f"{money(_amount(charge))}{when}"))
        facts.append(("Transaction", str(charge.get("id"))))
    return facts


def _send(db: Session, rt: Runtime, key: str, to: str, mail: Mail) -> bool:
    return send_once(
        db, rt.clock, key, to=to, subject=mail.subject, text=mail.text(), html=mail.html()
    )


def _claim_charges(db: Session, rt: Runtime, charges: list[dict[str, Any]]) -> None:
    """The receipt just sent covers these charges: no receipt of their own later."""
    for charge in charges:
        mark_sent(db, rt.clock, _charge_key(charge))


def subscribed(db: Session, rt: Runtime, row: BillingSubscription) -> None:
    """After a subscribe stored its subscription (same transaction)."""
    who = _recipient(db, row)
    if who is None:
        return
    to, name = who
    charges = [c for c in row.transactions if _paid(c)]
    if charges:
        opening = f"Thank you for becoming a member. Your {row.plan_name} membership has started."
    elif row.trial_period and row.next_billing_date is not None:
        opening = (
            f"Thank you for becoming a member. Your {row.plan_name} membership has started with "
            f"a free trial: nothing is charged until {day(row.next_billing_date)}."
        )
    elif row.first_billing_date is not None:
        opening = (
            f"Thank you for becoming a member. Your {row.plan_name} membership starts on "
            f"{day(row.first_billing_date)}, when the first payment is charged."
        )
    else:
        opening = f"Thank you for becoming a member. Your {row.plan_name} membership has started."
    mail = Mail(
        subject=SUBSCRIBED_SUBJECT,
        greeting_name=name,
        paragraphs=[opening],
        facts=[*_charge_facts(charges), *_schedule(row)],
        action=(MANAGE, manage_link(rt)),
        closing=[NON_REFUNDABLE],
    )
    if _send(db, rt, f"subscribed:{row.id}", to, mail):
        _claim_charges(db, rt, charges)


def charged(db: Session, rt: Runtime, row: BillingSubscription) -> None:
    """After a webhook refreshed the subscription: a receipt for each recent successful
    charge that has none yet (a renewal, a retried payment, a paused membership restarting)."""
    earliest = rt.clock.now() - RECENT_CHARGE
    who = None
    for charge in row.transactions:
        at = _charged_on(charge)
        if not _paid(charge) or at is None or at < earliest:
            continue
        who = who or _recipient(db, row)
        if who is None:
            return
        to, name = who
        mail = Mail(
            subject=RENEWED_SUBJECT,
            greeting_name=name,
            paragraphs=[f"Thank you: we received the payment for your {row.plan_name} membership."],
            facts=[*_charge_facts([charge]), *_schedule(row)],
            action=(MANAGE, manage_link(rt)),
            closing=[NON_REFUNDABLE],
        )
        _send(db, rt, _charge_key(charge), to, mail)


def plan_changed(
    db: Session, rt: Runtime, old: BillingSubscription | None, new: BillingSubscription
) -> None:
    """After a plan switch landed (settle.py, same transaction as the new subscription)."""
    who = _recipient(db, new)
    if who is None:
        return
    to, name = who
    charges = [c for c in new.transactions if _paid(c)]
    start = new.first_billing_date if not charges else None
    was = f" from {old.plan_name}" if old is not None and old.plan_name != new.plan_name else ""
    if start is not None and start > rt.clock.now().date():
        opening = (
            f"Your membership plan changes{was} to {new.plan_name} on {day(start)}. "
            "Until then your current plan continues as it is."
        )
    else:
        opening = f"Your membership plan has changed{was} to {new.plan_name}."
    facts = [("New plan", new.plan_name), *_charge_facts(charges)]
    facts += [f for f in _schedule(new) if f[0] != "Plan"]
    mail = Mail(
        subject=CHANGED_SUBJECT,
        greeting_name=name,
        paragraphs=[opening],
        facts=facts,
        action=(MANAGE, manage_link(rt)),
        closing=[NON_REFUNDABLE],
    )
    if _send(db, rt, f"plan-changed:{new.id}", to, mail):
        _claim_charges(db, rt, charges)


def cancelled(db: Session, rt: Runtime, row: BillingSubscription) -> None:
    """After the reader cancelled (service.cancel, same transaction)."""
    who = _recipient(db, row)
    if who is None:
        return
    to, name = who
    until = row.paid_through_date
    # The same rule as the membership page's status (Cancelled_Active), so both agree.
    if until is not None and is_cancelled_active(subscription_facts(row), rt.clock.now().date()):
        opening = (
            f"Your {row.plan_name} membership is cancelled. It stays active, with all its "
            f"benefits, through {day(until)}. You will not be charged again."
        )
        facts = [("Plan", row.plan_name), ("Active through", day(until))]
    else:
        opening = (
            f"Your {row.plan_name} membership is cancelled and has ended. "
            "You will not be charged again."
        )
        facts = [("Plan", row.plan_name)]
    mail = Mail(
        subject=CANCELLED_SUBJECT,
        greeting_name=name,
        paragraphs=[opening],
        facts=facts,
        action=("Changed your mind? Restart your membership", manage_link(rt)),
    )
    _send(db, rt, f"cancelled:{row.id}", to, mail)
