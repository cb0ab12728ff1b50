"""'Download my data': one document of everything Masthead holds about the signed-in reader,
read through the other domains' public faces with the functions their own screens use.

Not in it: what is not the reader's (the address of a person they referred; a gateway's
tokens).
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.billing.api import (
    BillingError,
    PaymentGateway,
    PaymentMethodOut,
    SubscriptionOut,
    account_facts,
    day_of,
    expiration_text,
    payment_methods_of,
    subscriptions_of,
)
from masthead.deps import Runtime
from masthead.feedback.api import reader_feedback
from masthead.identity.api import Reader, User, read_profile
from masthead.newsletters.api import reader_newsletters
from masthead.reader_data import repository, schemas
from masthead.referrals.api import ReaderReferral, reader_referrals
from masthead.texts.api import reader_text_alerts

# Every referral the reader made, as far as any reader makes them.
REFERRALS_LIMIT = 10_000
PAYMENT_METHODS_UNAVAILABLE = (
    "The payment service did not answer, so your saved payment methods are not in this file. "
    "Please download your data again later to include them."
)


def reader_data(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, user: User
) -> schemas.ReaderData:
    # The gateway first: on SQLite nothing of this request may hold a lock while the sandbox
    # gateway reads in its own transaction (this export writes nothing before it).
    methods, methods_note = _payment_methods(db, rt, gw, reader)
    now = rt.clock.now()
    return schemas.ReaderData(
        exported_at=now,
        account=schemas.AccountData(
            email=user.email,
            email_verified=user.email_verified,
            tracking_id=user.tracking_id,
            has_password=user.password_hash is not None,
            created_at=user.created_at,
            updated_at=user.updated_at,
        ),
        profile=read_profile(user.profile.attributes if user.profile else {}),
        sessions=[
            schemas.SessionData(
                created_at=s.created_at,
                expires_at=s.expires_at,
                ended_at=s.revoked_at,
                live=s.revoked_at is None and s.expires_at > now,
                user_agent=s.user_agent,
            )
            for s in repository.sessions_of(db, user.id)
        ],
        membership=schemas.MembershipData(
            status=account_facts(db, rt, reader).status.value,
            subscriptions=[_subscription(s) for s in subscriptions_of(db, reader)],
            payment_methods=methods,
            payment_methods_note=methods_note,
            home_delivery=reader.home_delivery,
        ),
        comments=[
            schemas.CommentData(
                id=c.id,
                site=c.spot_id,
                story=c.post_id,
                in_reply_to=c.parent_id,
                body=c.body,
                status=c.status,
                created_at=c.created_at,
                edited_at=c.edited_at,
            )
            for c in repository.comments_of(db, user.id)
        ],
        comment_opinions=[
            schemas.OpinionData(
                comment_id=o.comment_id, vote=o.vote, heart=o.heart, updated_at=o.updated_at
            )
            for o in repository.opinions_of(db, user.id)
        ],
        referrals=_referrals(db, rt, user.tracking_id),
        newsletters=[
            schemas.NewsletterData(list_id=n.list_id, name=n.name, group=n.group, since=n.since)
            for n in reader_newsletters(db, user.id)
        ],
        feedback=[
            schemas.FeedbackData(
                topic=f.topic,
                message=f.message,
                may_reply=f.may_reply,
                brand=f.brand,
                created_at=f.created_at,
            )
            for f in reader_feedback(db, user.id)
        ],
        text_alerts=_text_alerts(db, user.id),
    )


def _text_alerts(db: Session, user_id: int) -> schemas.TextAlertsData:
    alerts = reader_text_alerts(db, user_id)
    return schemas.TextAlertsData(
        opted_in=alerts.opted_in,
        phone_number=alerts.phone_number,
        consents=[
            schemas.TextConsentData(
                phone_number=c.phone_number,
                wording=c.wording,
                given_at=c.given_at,
                source=c.source,
                withdrawn_at=c.withdrawn_at,
                withdrawn_by=c.withdrawn_by,
            )
            for c in alerts.consents
        ],
    )


def _payment_methods(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader
) -> tuple[list[schemas.PaymentMethodData] | None, str | None]:
    """The methods as the reader's payment-method screen lists them, without their tokens; a
    gateway that does not answer leaves the rest of the file whole, and says so."""
    try:
        methods = payment_methods_of(db, rt, gw, reader)
    except BillingError:
        return None, PAYMENT_METHODS_UNAVAILABLE
    return [_method(m) for m in methods], None


def _method(m: PaymentMethodOut) -> schemas.PaymentMethodData:
    return schemas.PaymentMethodData(
        type=m.type,
        card_type=m.card_type,
        last_4=m.last_4,
        expiration=expiration_text(m),
        email=m.email,
        default=m.default,
        expired=m.expired,
    )


def _subscription(s: SubscriptionOut) -> schemas.SubscriptionData:
    return schemas.SubscriptionData(
        id=s.id,
        plan_id=s.plan_id,
        plan_name=s.plan.name,
        state=s.subscription_state,
        price=s.plan.amount,
        trial=s.trial,
        next_billing_date=day_of(s.next_billing_date),
        paid_through_date=day_of(s.paid_through_date),
        ends=s.ends,
        payments=[
            schemas.TransactionData(
                id=t.id,
                amount=t.amount,
                status=t.status,
                created_at=t.created_at,
                refunded=t.refunded,
            )
            for t in s.transaction_history
        ],
    )


def _referrals(db: Session, rt: Runtime, tracking_id: str) -> schemas.ReferralsData:
    found = reader_referrals(db, rt.settings.referral_tenant, tracking_id, REFERRALS_LIMIT)
    return schemas.ReferralsData(
        participant=found.participant,
        referral_code=found.referral_code,
        share_link=found.share_link,
        referred_by=None if found.referred_by is None else _referral(found.referred_by),
        referred=[_referral(r) for r in found.referred],
    )


def _referral(r: ReaderReferral) -> schemas.ReferralData:
    return schemas.ReferralData(
        role=r.role,
        other_name=r.other_name,
        programme=r.programme,
        status=r.status,
        created_at=r.created_at,
        converted_at=r.converted_at,
        reward=r.reward,
    )
