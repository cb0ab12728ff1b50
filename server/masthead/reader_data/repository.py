"""Every query of the reader's data, on the tables the other domains' public faces name."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import date

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from masthead.billing.api import LIVE, BillingSubscription
from masthead.comments.api import Comment, CommentOpinion
from masthead.identity.api import AuthSession, User
from masthead.referrals.api import ReferralUser


def sessions_of(db: Session, user_id: int) -> Sequence[AuthSession]:
    """Every session the account has had, newest first (expired and ended ones too)."""
    return db.scalars(
        select(AuthSession)
        .where(AuthSession.user_id == user_id)
        .order_by(AuthSession.created_at.desc(), AuthSession.id.desc())
    ).all()


def comments_of(db: Session, user_id: int) -> Sequence[Comment]:
    return db.scalars(
        select(Comment).where(Comment.author_id == user_id).order_by(Comment.created_at, Comment.id)
    ).all()


def opinions_of(db: Session, user_id: int) -> Sequence[CommentOpinion]:
    return db.scalars(
        select(CommentOpinion)
        .where(CommentOpinion.user_id == user_id)
        .order_by(CommentOpinion.updated_at, CommentOpinion.comment_id)
    ).all()


def live_subscription_ids(db: Session, user_id: int) -> list[str]:
    """The account's subscriptions still running or due to start (active, pending, past due)."""
    return list(
        db.scalars(
            select(BillingSubscription.id)
            .where(BillingSubscription.user_id == user_id, BillingSubscription.status.in_(LIVE))
            .order_by(BillingSubscription.created_at)
        )
    )


def cancelled_by_deletion(db: Session, user_id: int, reason: str) -> list[tuple[str, date | None]]:
    """(plan name, paid through) of the subscriptions the account's deletion cancelled (this
    attempt's or an earlier one's that failed later on)."""
    rows = db.execute(
        select(BillingSubscription.plan_name, BillingSubscription.paid_through_date)
        .where(BillingSubscription.user_id == user_id, BillingSubscription.cancel_reason == reason)
        .order_by(BillingSubscription.created_at)
    )
    return [(plan, day) for plan, day in rows]


def forget_referral_participant(db: Session, participant_id: str) -> None:
    """Strip the reader from the referral programmes: the participant rows (one per tenant,
    known by the reader's tracking id as account and user) lose their name, address and ids.
    The rows stay: the other side's referrals and rewards point at them."""
    db.execute(
        update(ReferralUser)
        .where(ReferralUser.account_id == participant_id, ReferralUser.user_id == participant_id)
        .values(
            account_id=f"erased-{uuid.uuid4()}",
            user_id="erased",
            email=None,
            first_name="",
            last_name="",
            locale=None,
            anonymous=True,
        )
    )


def delete_user(db: Session, user: User) -> None:
    """The account row goes; the database's foreign keys do the rest in this statement's
    transaction: profile, sessions, one-time links, search terms, comment votes, follows,
    notifications and sessions, staff roles go with it (CASCADE); comments lose their
    author (SET NULL: "Former reader"); subscriptions and their payments lose their reader
    (SET NULL, migration 0024)."""
    db.delete(user)
    db.flush()
