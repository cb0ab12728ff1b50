"""GET /wp-json/nyp-membership/v1/plans: the seeded catalogue, editable in its table."""

from __future__ import annotations

from decimal import Decimal

from fastapi.testclient import TestClient

from masthead.billing.catalog.models import BillingPlan
from masthead.billing.catalog.service import seed_catalogue
from masthead.braintree_sandbox import repository as sandbox_repository
from masthead.deps import Runtime
from tests.billing.api_helpers import SITE, setup


def test_plans_are_public_and_keyed_by_id(client: TestClient, runtime: Runtime) -> None:
    setup(runtime)
    response = client.get(f"{SITE}/plans")
    assert response.status_code == 200
    plans = response.json()
    assert list(plans) == ["sports-monthly", "sports-six-month", "sports-annual"]
    assert plans["sports-monthly"] == {
        "id": "sports-monthly",
        "name": "Monthly",
        "product_id": "sports-membership",
        "frequency": 1,
        "amount": "4.99",
        "normal_amount": "4.99",
        "first_billing_date": None,
        "next_billing_date": None,
        "step_up": None,
        "trial_duration": 7,
        "trial_duration_unit": "day",
        "featured": False,
        "card_heading": "Flexible Monthly",
        "curation": "",
        "cta_text": "Try for free",
        "badge": None,
        "monthly_price": "4.99",
        "discount_percent": 0,
    }
    six, annual = plans["sports-six-month"], plans["sports-annual"]
    assert (six["cta_text"], six["monthly_price"], six["discount_percent"]) == (
        "Get 6 Months for $24.99",
        "4.17",
        17,
    )
    assert (annual["cta_text"], annual["badge"], annual["featured"]) == (
        "Get 1 Year for $39.99",
        "Best Value!",
        True,
    )
    assert (annual["monthly_price"], annual["discount_percent"], annual["normal_amount"]) == (
        "3.33",
        33,
        "59.88",
    )


def test_seed_is_idempotent_and_keeps_edits(client: TestClient, runtime: Runtime) -> None:
    setup(runtime)
    with runtime.sessions.begin() as db:
        row = db.get(BillingPlan, "sports-annual")
        assert row is not None
        row.amount, row.curation = Decimal("34.99"), "Our best deal"
        six = db.get(BillingPlan, "sports-six-month")
        assert six is not None
        six.enabled = False
    seed_catalogue(runtime)
    plans = client.get(f"{SITE}/plans").json()
    assert list(plans) == ["sports-monthly", "sports-annual"]
    assert (plans["sports-annual"]["amount"], plans["sports-annual"]["curation"]) == (
        "34.99",
        "Our best deal",
    )
    with runtime.sessions() as db:  # the sandbox's plans follow the catalogue
        sandbox_plan = sandbox_repository.plan(db, "sports-annual")
        assert sandbox_plan is not None and sandbox_plan.price == Decimal("34.99")
        trial_plan = sandbox_repository.plan(db, "sports-monthly")
        assert trial_plan is not None
        assert (trial_plan.trial_duration, trial_plan.trial_duration_unit) == (7, "day")


def test_no_catalogue_is_an_empty_object(client: TestClient) -> None:
    assert client.get(f"{SITE}/plans").json() == {}
