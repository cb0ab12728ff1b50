"""Finding readers and what a reader's page shows, read through identity's, billing's and
referrals' public faces. Every figure comes from the function the reader's own screens use
(the status from billing's membership_of, the subscriptions from subscriptions_of, the payment
methods from payment_methods_of); this module only arranges them for staff.

Not shown: newsletters, which Masthead does not keep yet.
"""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy.orm import Session

from masthead.billing.api import (
    PAID_STATUSES,
    BillingError,
    PaymentGateway,
    PaymentMethodOut,
    SubscriptionOut,
    account_facts,
    day_of,
    expiration_text,
    home_delivery_view,
    membership_of,
    payment_methods_of,
    subscriptions_of,
)
from masthead.deps import Runtime
from masthead.identity.api import (
    Reader,
    ReaderHit,
    User,
    account,
    live_sessions,
    read_profile,
    reader_of,
    search_readers,
    sessions,
)
from masthead.referrals.api import ReaderReferral, reader_referrals
from masthead.support import refusals, schemas
from masthead.support.devices import describe
from masthead.support.status_reason import reason

SESSIONS_SHOWN = 20


def find(
    db: Session, text: str, after: tuple[str, int] | None, limit: int
) -> schemas.ReaderSearchOut:
    matches = search_readers(db, text, after, limit)
    return schemas.ReaderSearchOut(
        items=[_summary(hit) for hit in matches.hits],
        next=None
        if matches.next is None
        else schemas.SearchPlace(term=matches.next[0], id=matches.next[1]),
    )


def _summary(hit: ReaderHit) -> schemas.ReaderSummary:
    return schemas.ReaderSummary(
        id=hit.user_id,
        email=hit.email,
        tracking_id=hit.tracking_id,
        full_name=hit.full_name,
        display_name=hit.display_name,
        email_verified=hit.email_verified,
        created_at=hit.created_at,
    )


def reader_account(db: Session, reader_id: int) -> tuple[User, Reader]:
    """The account and the Reader the other domains' services take; 404 for no account."""
    user = account(db, reader_id)
    if user is None:
        raise refusals.no_reader()
    return user, reader_of(db, user)


def summary_of(user: User) -> schemas.ReaderSummary:
    profile = read_profile(user.profile.attributes if user.profile else {})
    return schemas.ReaderSummary(
        id=user.id,
        email=user.email,
        tracking_id=user.tracking_id,
        full_name=str(profile["full-name"] or ""),
        display_name=str(profile["display-name"] or ""),
        email_verified=user.email_verified,
        created_at=user.created_at,
    )


def page(db: Session, rt: Runtime, gw: PaymentGateway, reader_id: int) -> schemas.ReaderOut:
    user, reader = reader_account(db, reader_id)
    # The gateway first: on SQLite a write of this request (the membership call may unpause
    # a stale flag) must not hold the lock while the sandbox gateway reads in its own.
    methods, methods_error = _payment_methods(db, rt, gw, reader)
    subscriptions = subscriptions_of(db, reader)
    membership = membership_of(db, rt, reader)
    delivery = home_delivery_view(db, user.email)
    referrals = reader_referrals(db, rt.settings.referral_tenant, user.tracking_id)
    return schemas.ReaderOut(
        reader=summary_of(user),
        profile=read_profile(user.profile.attributes if user.profile else {}),
        sessions=[
            schemas.SessionOut(
                id=s.id,
                created_at=s.created_at,
                expires_at=s.expires_at,
                revoked_at=s.revoked_at,
                live=s.live,
                device=describe(s.user_agent),
            )
            for s in sessions(db, rt, user.id, SESSIONS_SHOWN)
        ],
        live_sessions=live_sessions(db, rt, user.id),
        status=schemas.StatusOut(
            status=membership.status,
            is_member=membership.isMember,
            reason=reason(
                membership.status,
                home_delivery=bool(membership.homeDelivery),
                access_until=membership.accessUntil,
                paid_through=None
                if membership.activeSubscription is None
                else day_of(membership.activeSubscription.paid_through_date),
                free_trial_until=membership.freeTrialUntil,
                plan_change_date=membership.planChangeDate,
                paused_length=membership.pausedLength,
            ),
            payment_message=membership.paymentMessage,
            home_delivery=bool(membership.homeDelivery),
            home_delivery_message=membership.homeDeliveryMessage,
            access_until=membership.accessUntil,
            free_trial_until=membership.freeTrialUntil,
            pause_enabled=membership.pauseEnabled,
        ),
        live_subscription_id=account_facts(db, rt, reader).live_subscription_id,
        subscriptions=[_subscription(s) for s in subscriptions],
        payments=_payments(subscriptions),
        payment_methods=[_method(m) for m in methods],
        payment_methods_error=methods_error,
        home_delivery=schemas.HomeDeliveryRow(
            active=delivery.active, started_at=delivery.startedAt, ended_at=delivery.endedAt
        ),
        referrals=schemas.ReferralsOut(
            participant=referrals.participant,
            referral_code=referrals.referral_code,
            referred_by=None if referrals.referred_by is None else _referral(referrals.referred_by),
            referred=[_referral(r) for r in referrals.referred],
        ),
    )


def _payment_methods(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader
) -> tuple[list[PaymentMethodOut], str | None]:
    """The methods as the reader's own screen lists them; a gateway that does not answer
    leaves the rest of the page readable."""
    try:
        return payment_methods_of(db, rt, gw, reader), None
    except BillingError as exc:
        return [], exc.message


def _subscription(s: SubscriptionOut) -> schemas.SubscriptionRow:
    return schemas.SubscriptionRow(
        id=s.id,
        plan_id=s.plan_id,
        plan_name=s.plan.name,
        state=s.subscription_state,
        price=s.plan.amount,
        trial=s.trial,
        next_billing_date=day_of(s.next_billing_date),
        paid_through_date=day_of(s.paid_through_date),
        ends=s.ends,
        follows_on=None if s.pendingSubscription is None else s.pendingSubscription.id,
    )


def _payments(subscriptions: list[SubscriptionOut]) -> list[schemas.PaymentRow]:
    rows = [
        schemas.PaymentRow(
            id=t.id,
            subscription_id=s.id,
            plan_name=s.plan.name,
            amount=t.amount,
            status=t.status,
            created_at=t.created_at,
            refunded=t.refunded,
            refundable=not t.refunded and t.status in PAID_STATUSES and Decimal(t.amount) > 0,
        )
        for s in subscriptions
        for t in s.transaction_history
    ]
    return sorted(rows, key=lambda row: (row.created_at, row.id), reverse=True)


def _method(m: PaymentMethodOut) -> schemas.PaymentMethodRow:
    expiration = expiration_text(m)
    if m.type == "PayPalAccount":
        description = f"PayPal account {m.email}" if m.email else "PayPal account"
    elif m.type == "VenmoAccount":
        description = "Venmo account"
    else:
        name = m.card_type or {"ApplePay": "Apple Pay", "GooglePay": "Google Pay"}.get(
            m.type, "Card"
        )
        description = name + (f" ending {m.last_4}" if m.last_4 else "")
        if expiration:
            description += f", expires {expiration}"
    return schemas.PaymentMethodRow(
        type=m.type,
        description=description,
        card_type=m.card_type,
        last_4=m.last_4,
        expiration=expiration,
        email=m.email,
        default=m.default,
        expired=m.expired,
        in_use=m.has_active_subscription,
    )


def _referral(r: ReaderReferral) -> schemas.ReferralRow:
    return schemas.ReferralRow(
        role=r.role,
        name=r.other_name,
        email=r.other_email,
        programme=r.programme,
        status=r.status,
        created_at=r.created_at,
        converted_at=r.converted_at,
        reward=r.reward,
    )
