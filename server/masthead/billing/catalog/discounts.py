"""Discount offers on a running membership: site API /subscriptions/{id}/discounts.

GET lists the offers a reader may take on one subscription (for a purpose, e.g. the
cancel-flow retention offer); POST {discount_id} adds one at the gateway, where it lowers the
next billing cycles. An offer is taken once per subscription, never on a past-due one, and
only on the plans it names. Taking one is serialised with the reader's other billing changes.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.catalog import repository as catalog_repository
from masthead.billing.catalog.models import BillingDiscount
from masthead.billing.catalog.plans import CENT
from masthead.billing.catalog.schemas import DiscountOfferOut, Purpose
from masthead.billing.errors import BillingError, from_gateway
from masthead.billing.gateway import ACTIVE, Discount, GatewayError, PaymentGateway
from masthead.billing.memberships import repository
from masthead.billing.memberships.changes import serialised
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import copy_info, subscription_out
from masthead.billing.memberships.schemas import SubscriptionChangeOut
from masthead.db import session_scope
from masthead.deps import Runtime
from masthead.identity.api import Reader

PURPOSES = ("cancel-flow", "any")

SEED: tuple[dict[str, Any], ...] = (
    {
        "id": "stay-monthly-3",
        "name": "3 months at $2.99",
        "description": "Stay with us and pay $2.99 instead of $4.99 for your next 3 months.",
        "amount": Decimal("2.00"),
        "number_of_billing_cycles": 3,
        "plan_ids": ["sports-monthly"],
    },
    {
        "id": "stay-six-month-5",
        "name": "$5 off your next six months",
        "description": "Stay with us and get $5 off your next six-month payment.",
        "amount": Decimal("5.00"),
        "number_of_billing_cycles": 1,
        "plan_ids": ["sports-six-month"],
    },
    {
        "id": "stay-annual-10",
        "name": "$10 off your next year",
        "description": "Stay with us and get $10 off your next annual payment.",
        "amount": Decimal("10.00"),
        "number_of_billing_cycles": 1,
        "plan_ids": ["sports-annual"],
    },
)


def seed_discounts(runtime: Runtime) -> None:
    """The demo's retention offers; an operator edits the table afterwards. Idempotent."""
    for db in session_scope(runtime.sessions):
        for spec in SEED:
            if catalog_repository.discount(db, spec["id"]) is None:
                db.add(BillingDiscount(purpose="cancel-flow", enabled=True, **spec))


def _row(db: Session, reader: Reader, subscription_id: str) -> BillingSubscription:
    row = repository.subscription(db, subscription_id)
    if row is None or row.user_id != reader.user_id:
        raise BillingError("subscription-not-found", "There is no such subscription.")
    return row


def _eligible(db: Session, row: BillingSubscription, purpose: str) -> list[BillingDiscount]:
    if row.status != ACTIVE:
        return []
    taken = {d.get("id") for d in row.discounts or []}
    found = catalog_repository.enabled_discounts(db)
    return [
        d
        for d in found
        if (purpose == "any" or d.purpose == purpose)
        and (not d.plan_ids or row.plan_id in d.plan_ids)
        and d.id not in taken
    ]


def _offer(d: BillingDiscount, price: Decimal) -> DiscountOfferOut:
    return DiscountOfferOut(
        id=d.id,
        name=d.name,
        description=d.description,
        amount=str(d.amount.quantize(CENT)),
        number_of_billing_cycles=d.number_of_billing_cycles,
        price_with_discount=str(max(price - d.amount, Decimal("0.00")).quantize(CENT)),
    )


def discount_offers(
    db: Session, reader: Reader, subscription_id: str, purpose: Purpose
) -> list[DiscountOfferOut]:
    if purpose not in PURPOSES:  # the route's schema says so too; other callers pass "any"
        raise BillingError("bad-request", "The purpose must be cancel-flow or any.")
    row = _row(db, reader, subscription_id)
    return [_offer(d, row.price) for d in _eligible(db, row, purpose)]


def offers(
    db: Session, reader: Reader, subscription_id: str, purpose: Purpose
) -> list[dict[str, Any]]:
    """discount_offers as plain data, for the decision engine (billing's public face)."""
    return [offer.model_dump() for offer in discount_offers(db, reader, subscription_id, purpose)]


def take(
    db: Session,
    rt: Runtime,
    gw: PaymentGateway,
    reader: Reader,
    subscription_id: str,
    discount_id: str,
) -> SubscriptionChangeOut:
    def work() -> SubscriptionChangeOut:
        row = _row(db, reader, subscription_id)
        if any(d.get("id") == discount_id for d in row.discounts or []):
            raise BillingError("discount-taken", "This offer is already on your membership.")
        offer = next((d for d in _eligible(db, row, "any") if d.id == discount_id), None)
        if offer is None:
            raise BillingError("discount-unavailable", "This offer is not available to you.")
        discount = Discount(offer.id, offer.amount, offer.number_of_billing_cycles)
        try:
            gw.update_subscription(row.id, add_discounts=[discount])
            info = gw.find_subscription(row.id)
        except GatewayError as exc:
            raise from_gateway(exc) from exc
        copy_info(row, info)
        return SubscriptionChangeOut(
            message=f"Offer applied: {offer.name}.", subscription=subscription_out(row)
        )

    return serialised(db, rt, reader, work)


def known_ids(db: Session) -> set[str]:
    """Every discount in the catalogue, enabled or not (for rules that name one)."""
    return catalog_repository.discount_ids(db)
