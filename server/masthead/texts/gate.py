"""Who may turn text alerts on: members (a member-like account status) and print home
delivery readers, as billing decides it; texts is a subscriber onboarding step. Anyone may
turn them off."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.billing.api import account_facts, is_member
from masthead.deps import Runtime
from masthead.identity.api import HOME_DELIVERY_PRODUCT_ID, Reader


def may_opt_in(db: Session, rt: Runtime, reader: Reader) -> bool:
    status = str(account_facts(db, rt, reader).status)
    products = (HOME_DELIVERY_PRODUCT_ID,) if reader.home_delivery else ()
    return is_member(status, products)
