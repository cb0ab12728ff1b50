"""Decision rules in the staff console (marketing): the same editing as the operator API, each
change audited, switching rules on and off, their order, and the refusals."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.decisions.models import DecisionRule
from masthead.deps import Runtime
from tests.billing.api_helpers import sign_in
from tests.decisions.helpers import ask, value
from tests.staff.conftest import Member, audit_rows, console_client, staff_member

RULES = "/admin/api/decision-rules"
APP_RULE: dict[str, Any] = {
    "feature": "available-plans",
    "priority": 10,
    "description": "The app leads with the annual plan",
    "conditions": {"path": "/account/appsubscribe"},
    "output": {"plans": [{"id": "sports-annual", "curation": "All season"}, "sports-monthly"]},
}


def ids_of(member: Member, feature: str) -> list[int]:
    answer = member.client.get(RULES, params={"feature": feature})
    assert answer.status_code == 200, answer.text
    return [rule["id"] for rule in answer.json()["rules"]]


def lines(client: TestClient, path: str) -> str:
    text: str = value(ask(client, "available-plans", path=path))
    return text


def test_every_refusal_an_outsider_meets(
    app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock, catalogue: Runtime
) -> None:
    calls = [
        ("GET", RULES, None),
        ("POST", RULES, APP_RULE),
        ("GET", f"{RULES}/1", None),
        ("PUT", f"{RULES}/1", APP_RULE),
        ("PUT", f"{RULES}/1/enabled", {"enabled": False}),
        ("PUT", f"{RULES}/order", {"feature": "available-plans", "rules": [1, 2]}),
        ("DELETE", f"{RULES}/1", None),
        ("POST", f"{RULES}/preview", {}),
    ]
    stranger = console_client(app)
    for method, path, body in calls:
        answer = stranger.request(method, path, json=body)
        assert (answer.status_code, answer.json()["type"]) == (401, "unauthorized"), path
    sign_in(client, "reader@example.com")
    client.headers["Origin"] = "http://testserver"
    for method, path, body in calls:
        answer = client.request(method, path, json=body)
        assert answer.json()["message"] == "This account has no staff role.", path
    support = staff_member(app, runtime, clock, "support@example.com", ["support"])
    for method, path, body in calls:
        answer = support.client.request(method, path, json=body)
        assert answer.status_code == 403, path
        assert answer.json()["message"] == "Your account does not have the marketing role."
    marketer = staff_member(app, runtime, clock, "m@example.com", ["marketing"])
    del marketer.client.headers["Origin"]
    for method, path, body in calls[1:]:
        if method == "GET":
            continue
        answer = marketer.client.request(method, path, json=body)
        assert answer.json()["type"] == "cross-origin-refused", path
    with runtime.sessions() as db:
        assert db.query(DecisionRule).count() == 11  # the defaults, untouched
    assert audit_rows(runtime, "decision_rule.created") == []


def test_a_marketer_adds_edits_and_deletes_a_rule_and_the_engine_follows(
    marketer: Member, client: TestClient, catalogue: Runtime
) -> None:
    everything = "sports-monthly\nsports-six-month\nsports-annual"
    assert lines(client, "/account/appsubscribe") == everything
    added = marketer.client.post(RULES, json=APP_RULE)
    assert added.status_code == 201, added.text
    rule = added.json()
    assert rule["output"]["plans"][1] == {"id": "sports-monthly"}  # stored normalised
    assert lines(client, "/account/appsubscribe") == (
        'sports-annual {"curation": "All season"}\nsports-monthly'
    )
    assert lines(client, "/account/subscribe") == everything  # other pages keep theirs

    edited = {**APP_RULE, "output": {"plans": ["sports-six-month"]}}
    answer = marketer.client.put(f"{RULES}/{rule['id']}", json=edited)
    assert answer.status_code == 200, answer.text
    assert lines(client, "/account/appsubscribe") == "sports-six-month"

    off = marketer.client.put(f"{RULES}/{rule['id']}/enabled", json={"enabled": False})
    assert (off.status_code, off.json()["enabled"]) == (200, False)
    assert lines(client, "/account/appsubscribe") == everything
    on = marketer.client.put(f"{RULES}/{rule['id']}/enabled", json={"enabled": True})
    assert on.json()["enabled"] is True
    assert lines(client, "/account/appsubscribe") == "sports-six-month"

    assert marketer.client.delete(f"{RULES}/{rule['id']}").status_code == 204
    assert lines(client, "/account/appsubscribe") == everything
    assert marketer.client.get(f"{RULES}/{rule['id']}").json()["type"] == "rule-not-found"

    actions = [
        (row.action, row.actor_email, row.target_type, row.target_id)
        for row in audit_rows(catalogue)
        if row.action.startswith("decision_rule")
    ]
    target = str(rule["id"])
    who = "marketer@example.com"
    assert actions == [
        ("decision_rule.created", who, "decision_rule", target),
        ("decision_rule.updated", who, "decision_rule", target),
        ("decision_rule.disabled", who, "decision_rule", target),
        ("decision_rule.enabled", who, "decision_rule", target),
        ("decision_rule.deleted", who, "decision_rule", target),
    ]
    updated = audit_rows(catalogue, "decision_rule.updated")[0]
    assert updated.before is not None and updated.after is not None
    assert updated.before["output"]["plans"][0]["id"] == "sports-annual"
    assert updated.after["output"] == {"plans": [{"id": "sports-six-month"}]}
    deleted = audit_rows(catalogue, "decision_rule.deleted")[0]
    assert deleted.after is None and deleted.before is not None


def test_rules_are_reordered_within_their_feature(marketer: Member, catalogue: Runtime) -> None:
    feature = "cancel-flow-offer"
    before = ids_of(marketer, feature)
    assert len(before) == 3
    order = [before[2], before[0], before[1]]
    answer = marketer.client.put(f"{RULES}/order", json={"feature": feature, "rules": order})
    assert answer.status_code == 200, answer.text
    assert [r["id"] for r in answer.json()["rules"]] == order
    assert [r["priority"] for r in answer.json()["rules"]] == [100, 110, 120]
    assert ids_of(marketer, feature) == order
    [entry] = audit_rows(catalogue, "decision_rules.reordered")
    assert (entry.target_type, entry.target_id) == ("decision_feature", feature)
    assert (entry.before, entry.after) == ({"order": before}, {"order": order})

    stale = marketer.client.put(f"{RULES}/order", json={"feature": feature, "rules": order[:2]})
    assert stale.status_code == 409
    assert stale.json()["message"] == (
        "The rules of this feature changed since they were shown. Reload them and try again."
    )
    others = ids_of(marketer, "text-campaigns")
    mixed = marketer.client.put(f"{RULES}/order", json={"feature": feature, "rules": others})
    assert mixed.json()["type"] == "rules-changed"


def test_tied_priorities_are_kept_apart_by_a_reorder(marketer: Member, catalogue: Runtime) -> None:
    for description in ("first", "second"):
        body = {"feature": "text-campaigns", "priority": 5, "description": description}
        assert marketer.client.post(RULES, json={**body, "output": {}}).status_code == 201
    ids = ids_of(marketer, "text-campaigns")
    order = [ids[1], ids[0], *ids[2:]]
    answer = marketer.client.put(
        f"{RULES}/order", json={"feature": "text-campaigns", "rules": order}
    )
    assert [r["priority"] for r in answer.json()["rules"]] == [5, 6, 100, 110, 1000]


@pytest.mark.parametrize(
    ("body", "type_", "words"),
    [
        ({**APP_RULE, "output": {"plans": ["gold-plan"]}}, "unknown-plan", '"gold-plan"'),
        (
            {"feature": "cancel-flow-offer", "output": {"discountId": "half"}},
            "unknown-discount",
            'There is no discount "half".',
        ),
        ({**APP_RULE, "conditions": {"emails": ["not an email"]}}, "bad-request", "emails"),
        ({**APP_RULE, "priority": -1}, "bad-request", "priority"),
        ({"feature": "text-campaigns"}, "bad-request", "output"),
    ],
)
def test_bad_rules_are_refused_with_a_reason(
    marketer: Member, catalogue: Runtime, body: dict[str, Any], type_: str, words: str
) -> None:
    answer = marketer.client.post(RULES, json=body)
    assert (answer.status_code, answer.json()["type"]) == (400, type_), answer.text
    assert words in answer.json()["message"]
    assert audit_rows(catalogue, "decision_rule.created") == []


def test_switching_on_a_rule_checks_its_plans_again(marketer: Member, catalogue: Runtime) -> None:
    rule = marketer.client.post(RULES, json={**APP_RULE, "enabled": False}).json()
    with catalogue.sessions.begin() as db:
        from masthead.billing.catalog.models import BillingPlan

        plan = db.get(BillingPlan, "sports-annual")
        assert plan is not None
        plan.enabled = False
    refused = marketer.client.put(f"{RULES}/{rule['id']}/enabled", json={"enabled": True})
    assert (refused.status_code, refused.json()["type"]) == (400, "unknown-plan")
    assert marketer.client.get(f"{RULES}/{rule['id']}").json()["enabled"] is False


def test_a_rule_for_some_readers_only(
    marketer: Member, client: TestClient, catalogue: Runtime
) -> None:
    body = {
        "feature": "available-plans",
        "priority": 1,
        "conditions": {"emails": ["Tester@Example.com"]},
        "output": {"plans": ["sports-annual"]},
    }
    stored = marketer.client.post(RULES, json=body).json()
    assert stored["conditions"] == {"emails": ["tester@example.com"]}
    assert lines(client, "/account/subscribe").count("\n") == 2  # signed out: every plan
    sign_in(client, "other@example.com")
    assert lines(client, "/account/subscribe").count("\n") == 2
    client.post("/blaize/logout")
    sign_in(client, "tester@example.com")
    assert lines(client, "/account/subscribe") == "sports-annual"
