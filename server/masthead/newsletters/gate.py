"""Who may join exclusive lists: a member-like account status or print home delivery, as
billing decides it (the same rule as the members-only stories)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.billing.api import account_facts, is_member
from masthead.deps import Runtime
from masthead.identity.api import HOME_DELIVERY_PRODUCT_ID, Reader
from masthead.newsletters.schemas import NewsletterMembership


def membership(db: Session, rt: Runtime, reader: Reader) -> NewsletterMembership:
    status = str(account_facts(db, rt, reader).status)
    products = (HOME_DELIVERY_PRODUCT_ID,) if reader.home_delivery else ()
    return NewsletterMembership(
        status=status,
        homeDelivery=reader.home_delivery,
        exclusiveAccess=is_member(status, products),
    )
