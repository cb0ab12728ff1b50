"""Seeding the sandbox's plans, as a merchant sets them up in Braintree's control panel."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.orm import Session, sessionmaker

from masthead.billing.api import PlanSpec
from masthead.braintree_sandbox import repository

__all__ = ["PlanSpec", "seed_plans"]


def seed_plans(sessions: sessionmaker[Session], plans: Iterable[PlanSpec]) -> None:
    """Create or update each plan; running it again changes nothing."""
    with sessions.begin() as db:
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
