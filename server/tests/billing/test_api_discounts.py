"""Site API /subscriptions/{id}/discounts: the retention offers a reader may take, and what
the renewals then charge."""

from __future__ import annotations

from datetime import date

from fastapi.testclient import TestClient

from masthead.billing.catalog.discounts import seed_discounts
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import PAY, SITE
from tests.billing.test_api_changes import charges, run_billing_day, subscribed


def url(grant: str) -> str:
    return f"{SITE}/subscriptions/{grant}/discounts"


def test_a_monthly_member_takes_the_offer_and_pays_less_for_three_months(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = subscribed(client, runtime)
    seed_discounts(runtime)
    offers = client.get(url(grant))
    assert offers.status_code == 200
    assert [(o["id"], o["amount"], o["price_with_discount"]) for o in offers.json()] == [
        ("stay-monthly-3", "2.00", "2.99")
    ]
    taken = client.post(url(grant), json={"discount_id": "stay-monthly-3"})
    assert taken.status_code == 200, taken.text
    assert taken.json()["message"] == "Offer applied: 3 months at $2.99."
    assert taken.json()["subscription"]["discounts"] == [
        {"id": "stay-monthly-3", "amount": "2.00", "cycles": 3}
    ]
    assert client.get(url(grant)).json() == []  # taken once per subscription
    again = client.post(url(grant), json={"discount_id": "stay-monthly-3"})
    assert (again.status_code, again.json()["type"]) == (409, "discount-taken")
    for day in (date(2026, 12, 22), date(2027, 1, 22), date(2027, 2, 22), date(2027, 3, 22)):
        run_billing_day(runtime, clock, day)
    assert charges(runtime) == ["4.99", "2.99", "2.99", "2.99", "4.99"]


def test_offers_that_do_not_apply_are_refused(client: TestClient, runtime: Runtime) -> None:
    grant = subscribed(client, runtime)
    seed_discounts(runtime)
    other_plan = client.post(url(grant), json={"discount_id": "stay-annual-10"})
    assert (other_plan.status_code, other_plan.json()["type"]) == (409, "discount-unavailable")
    unknown = client.post(url(grant), json={"discount_id": "free-forever"})
    assert unknown.status_code == 409
    assert client.get(url(grant), params={"purpose": "bribe"}).status_code == 400
    assert client.get(url("not-mine")).status_code == 404
    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    assert client.get(url(grant)).json() == []  # a cancelled membership has no offers
    late = client.post(url(grant), json={"discount_id": "stay-monthly-3"})
    assert late.status_code == 409
    assert charges(runtime) == ["4.99"]
