"""Plans and discounts in the staff console (marketing): who may, what a marketer is told
when an edit does not fit, what an edit means for members, and the audit log."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.billing.catalog.models import BillingPlan
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import nonce, sign_in, subscribe
from tests.braintree_sandbox.helpers import sandbox_of
from tests.staff.conftest import Member, audit_rows, console_client, staff_member

PLANS, DISCOUNTS = "/admin/api/plans", "/admin/api/discounts"
NEW_PLAN: dict[str, Any] = {
    "id": "sports-weekend",
    "name": "Weekend pass",
    "frequency": 1,
    "amount": "1.99",
}
NEW_DISCOUNT: dict[str, Any] = {
    "id": "half-off-annual",
    "name": "Half off",
    "amount": "19.99",
    "number_of_billing_cycles": 1,
    "plan_ids": ["sports-annual"],
}


def plan_body(member: Member, plan_id: str) -> dict[str, Any]:
    """The plan's fields as the edit form sends them back."""
    shown = member.client.get(f"{PLANS}/{plan_id}").json()
    return {k: v for k, v in shown.items() if k not in ("id", "members")}


def test_every_refusal_an_outsider_meets(
    app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock, catalogue: Runtime
) -> None:
    stranger = console_client(app)
    calls = [
        ("GET", PLANS, None),
        ("POST", PLANS, NEW_PLAN),
        ("GET", f"{PLANS}/sports-monthly", None),
        ("PUT", f"{PLANS}/sports-monthly", {"name": "Free", "frequency": 1, "amount": "0.01"}),
        ("GET", DISCOUNTS, None),
        ("POST", DISCOUNTS, NEW_DISCOUNT),
        ("PUT", f"{DISCOUNTS}/stay-annual-10", {"name": "x", "amount": "1"}),
    ]
    for method, path, body in calls:
        answer = stranger.request(method, path, json=body)
        assert (answer.status_code, answer.json()["type"]) == (401, "unauthorized"), path

    sign_in(client, "reader@example.com")  # a reader's session, no staff role
    client.headers["Origin"] = "http://testserver"
    for method, path, body in calls:
        answer = client.request(method, path, json=body)
        assert answer.status_code == 403, path
        assert answer.json()["message"] == "This account has no staff role."

    editor = staff_member(app, runtime, clock, "editor@example.com", ["editor"])
    for method, path, body in calls:
        answer = editor.client.request(method, path, json=body)
        assert answer.json() == {
            "type": "forbidden",
            "message": "Your account does not have the marketing role.",
        }, path

    admin = staff_member(app, runtime, clock, "admin@example.com", ["admin"])
    assert admin.client.get(PLANS).status_code == 200  # admin implies every role
    del admin.client.headers["Origin"]
    refused = admin.client.post(PLANS, json=NEW_PLAN)
    assert (refused.status_code, refused.json()["type"]) == (403, "cross-origin-refused")
    with runtime.sessions() as db:
        assert db.get(BillingPlan, "sports-weekend") is None


def test_a_marketer_lists_adds_and_edits_plans(marketer: Member, catalogue: Runtime) -> None:
    listed = marketer.client.get(PLANS)
    assert listed.status_code == 200 and listed.headers["cache-control"] == "no-store"
    assert [p["id"] for p in listed.json()["plans"]] == [
        "sports-monthly",
        "sports-six-month",
        "sports-annual",
    ]
    monthly = listed.json()["plans"][0]
    assert monthly["amount"] == "4.99" and monthly["members"] == 0

    added = marketer.client.post(PLANS, json={**NEW_PLAN, "position": 4})
    assert added.status_code == 201, added.text
    assert added.json()["normal_amount"] is None and added.json()["enabled"] is True
    again = marketer.client.post(PLANS, json=NEW_PLAN)
    assert again.status_code == 409
    assert again.json()["message"] == (
        'There is a plan "sports-weekend" already. Edit it, or choose a new id.'
    )

    body = {**plan_body(marketer, "sports-weekend"), "amount": "2.49", "enabled": False}
    changed = marketer.client.put(f"{PLANS}/sports-weekend", json=body)
    assert changed.status_code == 200, changed.text
    assert (changed.json()["amount"], changed.json()["enabled"]) == ("2.49", False)
    # Hidden from new readers: the site API's plans no longer list it.
    public = marketer.client.get("/wp-json/nyp-membership/v1/plans").json()
    assert "sports-weekend" not in public

    created, updated = audit_rows(catalogue, "plan.created"), audit_rows(catalogue, "plan.updated")
    assert [(r.actor_email, r.target_type, r.target_id) for r in created + updated] == [
        ("marketer@example.com", "plan", "sports-weekend"),
        ("marketer@example.com", "plan", "sports-weekend"),
    ]
    assert created[0].before is None and created[0].after is not None
    assert created[0].after["amount"] == "1.99"
    assert updated[0].before is not None and updated[0].after is not None
    assert (updated[0].before["amount"], updated[0].after["amount"]) == ("1.99", "2.49")
    assert (updated[0].before["enabled"], updated[0].after["enabled"]) == (True, False)
    # Saving the same again changes nothing and writes nothing.
    assert marketer.client.put(f"{PLANS}/sports-weekend", json=body).status_code == 200
    assert len(audit_rows(catalogue, "plan.updated")) == 1


def test_a_price_change_is_for_new_members_and_reaches_the_gateway(
    marketer: Member, client: TestClient, catalogue: Runtime
) -> None:
    sandbox = sandbox_of(catalogue)
    sign_in(client)
    assert subscribe(client, "sports-six-month", nonce(sandbox)).status_code == 200
    shown = marketer.client.get(f"{PLANS}/sports-six-month").json()
    assert shown["members"] == 1
    body = {**plan_body(marketer, "sports-six-month"), "amount": "21.99"}
    assert marketer.client.put(f"{PLANS}/sports-six-month", json=body).status_code == 200
    # The member keeps the price they have; the gateway's plan is the new one for new members.
    membership = client.get("/wp-json/nyp-membership/v1/membership").json()
    assert membership["activeSubscription"]["plan"]["amount"] == "24.99"
    assert sandbox_plan_price(catalogue, "sports-six-month") == "21.99"

    other = {**body, "frequency": 12}
    refused = marketer.client.put(f"{PLANS}/sports-six-month", json=other)
    assert refused.status_code == 409
    assert refused.json() == {
        "type": "plan-in-use",
        "message": "1 member is on this plan, billed at its interval: the interval cannot "
        "change. Make a new plan instead.",
    }


def sandbox_plan_price(runtime: Runtime, plan_id: str) -> str:
    from masthead.braintree_sandbox.models import SandboxPlan

    with runtime.sessions() as db:
        plan = db.get(SandboxPlan, plan_id)
        assert plan is not None
        return f"{plan.price:.2f}"


@pytest.mark.parametrize(
    ("changes", "type_", "message"),
    [
        (
            {"amount": "0"},
            "bad-request",
            "The request is invalid. amount: The price must be more than 0, in dollars with "
            "at most 2 decimals, such as 4.99.",
        ),
        (
            {"amount": "4.999"},
            "bad-request",
            "The request is invalid. amount: The price must be more than 0, in dollars with "
            "at most 2 decimals, such as 4.99.",
        ),
        ({"frequency": 3}, "bad-request", "frequency"),
        ({"trial_duration_unit": "week"}, "bad-request", "trial_duration_unit"),
        ({"name": "   "}, "bad-request", "The name cannot be empty."),
        ({"id": "Sports Monthly!"}, "bad-request", "id"),
        ({"price": "4.99"}, "bad-request", "price"),
        (
            {"normal_amount": "1.99"},
            "invalid-plan",
            "The regular price ($1.99) cannot be below the price ($4.99). Leave it empty when "
            "there is no discount.",
        ),
        (
            {"step_up_amount": "6.99"},
            "invalid-plan",
            "Give the step-up price and its date together, or neither.",
        ),
        (
            {"step_up_amount": "6.99", "step_up_date": "2026-12-01"},
            "invalid-plan",
            "Members are told of a price rise 30 days ahead: choose a step-up date on or after "
            "2026-12-22.",
        ),
        (
            {"first_billing_date": "2027-02-01", "next_billing_date": "2027-01-01"},
            "invalid-plan",
            "The next billing date cannot be before the first billing date.",
        ),
        (
            {"trial_duration": 13, "trial_duration_unit": "month"},
            "invalid-plan",
            "A free trial is at most 12 months.",
        ),
    ],
)
def test_plan_refusals_say_what_to_fix(
    marketer: Member, catalogue: Runtime, changes: dict[str, Any], type_: str, message: str
) -> None:
    body = {**NEW_PLAN, "amount": "4.99", **changes}
    answer = marketer.client.post(PLANS, json=body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["type"] == type_
    assert message in answer.json()["message"]
    assert marketer.client.get(f"{PLANS}/{NEW_PLAN['id']}").status_code == 404
    assert audit_rows(catalogue, "plan.created") == []


def test_a_step_up_far_enough_ahead_is_taken_and_may_stay_once_near(
    marketer: Member, catalogue: Runtime, clock: FrozenClock
) -> None:
    body = {**plan_body(marketer, "sports-annual")}
    body.update(step_up_amount="44.99", step_up_date="2026-12-22")
    assert marketer.client.put(f"{PLANS}/sports-annual", json=body).status_code == 200
    clock.advance(timedelta(days=20))  # the date is 10 days away now: kept as it is
    catalogue.settings.catalog_key = "key"  # (the staff session has ended: the operator API)
    answer = marketer.client.put(
        "/operator/v1/plans/sports-annual",
        json={**body, "curation": "Best"},
        headers={"Authorization": "Bearer key"},
    )
    assert answer.status_code == 200, answer.text
    moved = marketer.client.put(
        "/operator/v1/plans/sports-annual",
        json={**body, "step_up_date": "2027-01-01"},
        headers={"Authorization": "Bearer key"},
    )
    assert moved.json()["message"].endswith("on or after 2027-01-11.")
    assert marketer.client.get(
        "/operator/v1/plans/missing-plan", headers={"Authorization": "Bearer key"}
    ).json() == {
        "type": "plan-not-found",
        "message": 'There is no plan "missing-plan".',
    }


def test_a_marketer_adds_and_edits_discounts(marketer: Member, catalogue: Runtime) -> None:
    listed = marketer.client.get(DISCOUNTS).json()["discounts"]
    assert [d["id"] for d in listed] == ["stay-annual-10", "stay-monthly-3", "stay-six-month-5"]
    added = marketer.client.post(DISCOUNTS, json=NEW_DISCOUNT)
    assert added.status_code == 201, added.text
    assert added.json()["purpose"] == "cancel-flow"
    edit = {k: v for k, v in NEW_DISCOUNT.items() if k != "id"}
    changed = marketer.client.put(
        f"{DISCOUNTS}/half-off-annual", json={**edit, "plan_ids": [], "amount": "2.00"}
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["plan_ids"] == []
    [created] = audit_rows(catalogue, "discount.created")
    [updated] = audit_rows(catalogue, "discount.updated")
    assert created.target_id == updated.target_id == "half-off-annual"
    assert updated.before is not None and updated.after is not None
    assert (updated.before["amount"], updated.after["amount"]) == ("19.99", "2.00")
    assert marketer.client.post(DISCOUNTS, json=NEW_DISCOUNT).status_code == 409


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"plan_ids": ["gold-plan"]}, 'There is no plan "gold-plan". Plans: sports-annual, '),
        ({"plan_ids": ["sports-annual", "sports-annual"]}, "Each plan is named once."),
        (
            {"plan_ids": [], "amount": "5.00"},
            "The discount ($5) is more than the Monthly plan's price ($4.99).",
        ),
        (
            {"plan_ids": ["sports-annual"], "amount": "40.00"},
            "The discount ($40) is more than the Annual plan's price ($39.99).",
        ),
    ],
)
def test_discount_refusals_say_what_to_fix(
    marketer: Member, catalogue: Runtime, changes: dict[str, Any], message: str
) -> None:
    answer = marketer.client.post(DISCOUNTS, json={**NEW_DISCOUNT, **changes})
    assert (answer.status_code, answer.json()["type"]) == (400, "invalid-discount"), answer.text
    assert message in answer.json()["message"]
    assert marketer.client.get(f"{DISCOUNTS}/half-off-annual").status_code == 404
