"""Seeding the sandbox's plans, as a merchant sets them up in Braintree's control panel."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from masthead.billing.gateway import TrialUnit
from masthead.billing.sandbox import repository
from masthead.deps import Runtime


@dataclass(frozen=True)
class PlanSpec:
    id: str
    price: Decimal
    billing_frequency: int = 1  # months
    name: str = ""
    trial_duration: int | None = None
    trial_duration_unit: TrialUnit | None = None
    number_of_billing_cycles: int | None = None  # None: never expires


def seed_plans(runtime: Runtime, plans: Iterable[PlanSpec]) -> None:
    """Create or update each plan; running it again changes nothing."""
    with runtime.sessions.begin() as db:
        for plan in plans:
            repository.upsert_plan(
                db,
                plan.id,
                {
                    "name": plan.name or plan.id,
                    "price": plan.price,
                    "billing_frequency": plan.billing_frequency,
                    "trial_duration": plan.trial_duration,
                    "trial_duration_unit": plan.trial_duration_unit,
                    "number_of_billing_cycles": plan.number_of_billing_cycles,
                },
            )
