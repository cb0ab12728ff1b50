"""Every query of print home delivery."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from masthead.billing.memberships.models import BillingSubscription
from masthead.identity.api import HomeDelivery, User


def home_delivery_emails_paying(db: Session, live: Collection[str]) -> list[str]:
    """Addresses with an active home-delivery grant whose verified account still has a
    subscription in one of the `live` states (the grant makes it free)."""
    paying = exists().where(
        BillingSubscription.user_id == User.id, BillingSubscription.status.in_(live)
    )
    return list(
        db.scalars(
            select(HomeDelivery.email)
            .join(User, User.email == HomeDelivery.email)
            .where(HomeDelivery.active.is_(True), User.email_verified.is_(True), paying)
            .order_by(HomeDelivery.email)
        )
    )


def home_delivery(db: Session, email: str, *, lock: bool = False) -> HomeDelivery | None:
    """The address's home-delivery row; `lock` holds it (FOR UPDATE) until the commit."""
    return db.get(HomeDelivery, email, with_for_update=lock)
