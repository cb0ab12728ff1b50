"""POST /zephr/decision-engine: the available-plans feature as the payflow asks for it, with
the default rules seeded and an operator's rules added through the operator API."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.billing.catalog.models import BillingPlan
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from tests.billing.api_helpers import nonce, setup, sign_in, subscribe
from tests.decisions.helpers import DECIDE, add_rule, operator_on, seed

CATALOGUE = ["sports-monthly", "sports-six-month", "sports-annual"]
BODY = {"sdkFeatureSlug": "available-plans", "path": "/account/subscribe"}


def ask(client: TestClient, **fields: Any) -> Any:
    body = {
        "contentId": None,
        "path": "/account/subscribe",
        "sdkFeatureSlug": "available-plans",
        "userAgent": "pytest",
        **fields,
    }
    return client.post(DECIDE, json=body)


def offered(response: Any) -> list[tuple[str, dict[str, Any]]]:
    """The outputValue's lines as (plan id, options)."""
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    text = response.json()["outputValue"]
    assert isinstance(text, str)
    assert response.json()["sdkFeatureSlug"] == "available-plans"
    plans = []
    for line in filter(None, text.split("\n")):
        plan_id, _, options = line.partition(" ")
        plans.append((plan_id, json.loads(options) if options else {}))
    return plans


def ids(response: Any) -> list[str]:
    return [plan_id for plan_id, _ in offered(response)]


def had_a_trial(client: TestClient, runtime: Runtime) -> None:
    """Signs a reader in and starts the monthly plan's trial (the profile's had-trial)."""
    sandbox = setup(runtime)
    seed(runtime)
    sign_in(client)
    assert subscribe(client, "sports-monthly", nonce(sandbox)).status_code == 200


def test_visitors_and_new_readers_see_every_enabled_plan(
    client: TestClient, runtime: Runtime
) -> None:
    setup(runtime)
    seed(runtime)
    assert offered(ask(client)) == [(plan_id, {}) for plan_id in CATALOGUE]
    sign_in(client)
    assert ids(ask(client)) == CATALOGUE
    with runtime.sessions.begin() as db:  # the operator disables a plan
        row = db.get(BillingPlan, "sports-six-month")
        assert row is not None
        row.enabled = False
    assert ids(ask(client)) == ["sports-monthly", "sports-annual"]


def test_readers_who_had_a_trial_see_plans_without_one_first(
    client: TestClient, runtime: Runtime
) -> None:
    had_a_trial(client, runtime)
    assert ids(ask(client)) == ["sports-six-month", "sports-annual", "sports-monthly"]


def test_the_operators_rules_choose_plans_and_their_options(
    client: TestClient, runtime: Runtime, caplog: pytest.LogCaptureFixture
) -> None:
    setup(runtime)
    seed(runtime)
    operator_on(runtime)
    add_rule(
        client,
        {
            "feature": "available-plans",
            "priority": 10,
            "conditions": {"path": "/account/appsubscribe"},
            "output": {
                "plans": [
                    {"id": "sports-annual", "featured": True, "curation": "Best for fans"},
                    {"id": "sports-monthly", "featured": False},
                ]
            },
        },
    )
    add_rule(
        client,
        {
            "feature": "available-plans",
            "priority": 20,
            "conditions": {"readers": "signed-in"},
            "output": {"plans": ["sports-six-month"]},
        },
    )
    with runtime.sessions.begin() as db:  # the operator later disables the monthly plan
        row = db.get(BillingPlan, "sports-monthly")
        assert row is not None
        row.enabled = False
    with caplog.at_level(logging.WARNING):
        app_plans = offered(ask(client, path="/account/appsubscribe"))
    assert app_plans == [("sports-annual", {"featured": True, "curation": "Best for fans"})]
    assert "'sports-monthly' is not an enabled plan; dropped" in caplog.text
    assert ids(ask(client)) == ["sports-six-month", "sports-annual"]  # signed out: defaults
    sign_in(client)
    assert ids(ask(client)) == ["sports-six-month"]


def test_outside_the_supported_region_no_plan_is_offered(
    client: TestClient, runtime: Runtime
) -> None:
    setup(runtime)
    seed(runtime)
    runtime.settings.country_header = "X-Test-Country"
    assert ids(ask(client)) == CATALOGUE  # no header: the country is unknown
    for country, expected in (("US", CATALOGUE), ("us", CATALOGUE), ("FR", [])):
        assert ids(client.post(DECIDE, json=BODY, headers={"X-Test-Country": country})) == expected
    outside = client.post(DECIDE, json=BODY, headers={"X-Test-Country": "FR"})
    assert outside.json() == {
        "sdkFeatureSlug": "available-plans",
        "loggedIn": False,
        "outputValue": "",
    }
    assert outside.headers["vary"] == "X-Test-Country"


def test_the_session_field_decides_for_its_reader(client: TestClient, runtime: Runtime) -> None:
    had_a_trial(client, runtime)
    session = client.cookies.get(SESSION_COOKIE)
    assert session
    assert ids(ask(client, session=session)) == [
        "sports-six-month",
        "sports-annual",
        "sports-monthly",
    ]
    mismatch = ask(client, session="another-session")
    assert (mismatch.status_code, mismatch.json()["type"]) == (403, "session-mismatch")
    client.cookies.clear()  # a caller without the cookie, e.g. the publisher's page server
    assert ids(ask(client, session=session))[0] == "sports-six-month"
    assert ids(ask(client, session="expired-or-unknown")) == CATALOGUE  # a signed-out visitor


def test_unknown_features_and_bad_bodies_are_refused(client: TestClient, runtime: Runtime) -> None:
    setup(runtime)
    unknown = ask(client, sdkFeatureSlug="free-lunch")
    assert unknown.status_code == 400
    assert unknown.json() == {
        "type": "unknown-feature",
        "message": 'There is no decision feature "free-lunch". Known features: '
        "available-plans, cancel-flow-offer, membership-entitlement-check, text-campaigns.",
    }
    missing = client.post(DECIDE, json={"path": "/account/subscribe"})
    assert (missing.status_code, missing.json()["type"]) == (400, "bad-request")
    assert "sdkFeatureSlug" in missing.json()["message"]
