"""What support does for a reader, each through the service the reader's own screens (or the
print system's operator API) use, so the same rules, mails and gateway calls happen, and each
audited with what it changed, in the transaction of the change.

An action that does not apply is refused (409) before anything happens: no membership to
cancel, a charge refunded already, an address verified already, no session to end.

Actions that call the payment gateway first commit what the request has written so far (the
staff session's last-seen time): the sandbox gateway works in its own transaction, which on
SQLite must not wait for this one's write lock. The change and its audit entry are written
after the gateway's answer and commit together.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.api import (
    PAUSE_LENGTHS,
    BillingError,
    PaymentGateway,
    account_facts,
    cancel_membership,
    grant_home_delivery,
    home_delivery_address,
    home_delivery_view,
    membership_of,
    pause_membership,
    refund_charge,
    revoke_home_delivery,
    send_pause_email,
    subscriptions_of,
)
from masthead.deps import Runtime
from masthead.identity.api import (
    IdentityError,
    Reader,
    User,
    live_sessions,
    request_reset,
    resend_verification,
    revoke_all_sessions,
)
from masthead.staff.api import SignedInStaff, record_action, require_step_up
from masthead.support import refusals, schemas
from masthead.support.reader_page import reader_account
from masthead.support.status_reason import long_day

CANCEL_REASON = "Cancelled by support"  # the cancel reason kept on the subscription
MEMBERSHIP_PAGE = "/account/settings/membership"  # the pause mail's link, as the reader's


def _audit(
    db: Session,
    rt: Runtime,
    staff: SignedInStaff,
    action: str,
    user: User,
    address: str,
    before: dict[str, Any],
    after: dict[str, Any],
) -> None:
    record_action(
        db,
        rt.clock.now(),
        f"support.{action}",
        staff.actor,
        target_type="account",
        target_id=user.email,
        before={"reader": user.id, **before},
        after={"reader": user.id, **after},
        address=address,
    )


def resend_verification_mail(
    db: Session, rt: Runtime, staff: SignedInStaff, reader_id: int, address: str
) -> schemas.ActionOut:
    user, _ = reader_account(db, reader_id)
    try:
        resend_verification(db, rt, user)
    except IdentityError as exc:
        raise refusals.from_identity(exc) from None
    _audit(
        db,
        rt,
        staff,
        "verification_resent",
        user,
        address,
        {"email_verified": False},
        {"mailed": user.email},
    )
    return schemas.ActionOut(message=f"A new verification link was mailed to {user.email}.")


def send_password_reset(
    db: Session, rt: Runtime, staff: SignedInStaff, reader_id: int, address: str
) -> schemas.ActionOut:
    user, _ = reader_account(db, reader_id)
    try:
        request_reset(db, rt, user.email)  # forgot-password's mail, link and lifetime
    except IdentityError as exc:
        raise refusals.from_identity(exc) from None
    _audit(db, rt, staff, "password_reset_sent", user, address, {}, {"mailed": user.email})
    return schemas.ActionOut(message=f"A password reset link was mailed to {user.email}.")


def revoke_sessions(
    db: Session, rt: Runtime, staff: SignedInStaff, reader_id: int, address: str
) -> schemas.ActionOut:
    user, _ = reader_account(db, reader_id)
    try:
        ended = revoke_all_sessions(db, rt, user.id)
    except IdentityError as exc:
        raise refusals.from_identity(exc) from None
    _audit(
        db,
        rt,
        staff,
        "sessions_revoked",
        user,
        address,
        {"live_sessions": ended},
        {"live_sessions": live_sessions(db, rt, user.id)},
    )
    plural = "session" if ended == 1 else "sessions"
    return schemas.ActionOut(message=f"Signed out everywhere: {ended} {plural} ended.")


def set_home_delivery(
    db: Session, rt: Runtime, staff: SignedInStaff, reader_id: int, active: bool, address: str
) -> schemas.ActionOut:
    """Grant or revoke, as the print system's operator API does (its mails and its job that
    cancels a paid membership); the same again is refused."""
    user, _ = reader_account(db, reader_id)
    try:
        email = home_delivery_address(user.email)
    except BillingError:
        raise refusals.undeliverable_address() from None
    before = home_delivery_view(db, email)
    if before.active == active:
        raise refusals.home_delivery_already(active)
    after = grant_home_delivery(db, rt, email) if active else revoke_home_delivery(db, rt, email)
    _audit(
        db,
        rt,
        staff,
        "home_delivery_granted" if active else "home_delivery_revoked",
        user,
        address,
        {"home_delivery": before.active},
        {"home_delivery": after.active},
    )
    if active and not after.accountVerified:
        return schemas.ActionOut(
            message="Home delivery granted. It starts once the reader verifies their email "
            "address: a link was mailed to them."
        )
    return schemas.ActionOut(
        message="Home delivery granted: the sports membership is free."
        if active
        else "Home delivery revoked: the reader was told their free membership ended."
    )


def _membership(db: Session, rt: Runtime, reader: Reader, what: str) -> str:
    live = account_facts(db, rt, reader).live_subscription_id
    if live is None:
        raise refusals.no_membership(what)
    return live


def cancel(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    staff: SignedInStaff,
    reader_id: int,
    note: str,
    address: str,
) -> schemas.ActionOut:
    """Cancel the running membership as the reader's cancel does (the gateway, the kept
    reason, the receipt); access lasts until the paid-through date."""
    user, reader = reader_account(db, reader_id)
    subscription_id = _membership(db, rt, reader, "cancel")
    before = membership_of(db, rt, reader).status
    db.commit()  # the module docstring: nothing of ours held while the gateway works
    try:
        out = cancel_membership(db, rt, gw, reader, subscription_id, CANCEL_REASON, note)
    except BillingError as exc:
        raise refusals.from_billing(exc) from None
    after = membership_of(db, rt, reader).status
    _audit(
        db,
        rt,
        staff,
        "membership_cancelled",
        user,
        address,
        {"subscription": subscription_id, "status": before},
        {"subscription": subscription_id, "status": after, "ends": out.ends, "note": note},
    )
    until = f" Access lasts until {long_day(out.ends)}." if out.ends else ""
    return schemas.ActionOut(message=f"The membership is cancelled.{until}")


def pause(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    staff: SignedInStaff,
    reader_id: int,
    months: int,
    address: str,
) -> schemas.ActionOut:
    """Pause the running membership as the reader's pause does, then mail the reader the
    confirmation their own screen asks for after a pause."""
    if months not in PAUSE_LENGTHS:  # the schema says so too; the rule is billing's
        raise refusals.from_billing(BillingError("bad-request", "A pause lasts 1, 2 or 3 months."))
    user, reader = reader_account(db, reader_id)
    subscription_id = _membership(db, rt, reader, "pause")
    running = next((s for s in subscriptions_of(db, reader) if s.id == subscription_id), None)
    before = membership_of(db, rt, reader).status
    db.commit()  # the module docstring
    try:
        out = pause_membership(db, rt, gw, reader, subscription_id, months)
    except BillingError as exc:
        raise refusals.from_billing(exc) from None
    effective = out.effectiveDate
    paid = running.paid_through_date if running is not None else None
    cycle_end = paid.date[:10] if paid is not None else effective
    if effective and cycle_end:
        send_pause_email(
            db,
            rt,
            reader,
            email=reader.email,
            months=months,
            effective=effective,
            cycle_end=cycle_end,
            cta=MEMBERSHIP_PAGE,
        )
    _audit(
        db,
        rt,
        staff,
        "membership_paused",
        user,
        address,
        {"subscription": subscription_id, "status": before},
        {
            "subscription": None if out.subscription is None else out.subscription.id,
            "months": months,
            "from": effective,
        },
    )
    return schemas.ActionOut(message=out.message)


def refund(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    staff: SignedInStaff,
    reader_id: int,
    transaction_id: str,
    address: str,
) -> schemas.RefundOut:
    """A charge back in full (a sensitive action: step-up). Refunding it again is 409
    already-refunded, answered without a call to the gateway."""
    require_step_up(staff)
    user, reader = reader_account(db, reader_id)
    db.commit()  # the module docstring
    try:
        done = refund_charge(db, rt, gw, reader, transaction_id)
    except BillingError as exc:
        raise refusals.from_billing(exc) from None
    amount = f"{done.amount:.2f}"
    _audit(
        db,
        rt,
        staff,
        "charge_refunded",
        user,
        address,
        {"charge": transaction_id, "amount": amount, "refunded": False},
        {"charge": transaction_id, "refunded": True, "how": done.how, "refund": done.refund_id},
    )
    how = "refunded" if done.how == "refunded" else "voided before it settled"
    return schemas.RefundOut(
        message=f"${amount} given back: the charge was {how}.", how=done.how, amount=amount
    )
