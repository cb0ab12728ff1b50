"""The decision rules' operator API and CLI: the key, validation, and edits that count."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.billing.catalog.discounts import seed_discounts
from masthead.decisions import cli
from masthead.deps import Runtime
from tests.billing.api_helpers import setup
from tests.decisions.helpers import KEY, OPERATOR, RULES, ask, operator_on, rules_of, seed, value

TEXTS = {"feature": "text-campaigns", "output": {"subtext": "Hello"}}


def test_the_api_is_absent_without_a_key_and_refuses_a_wrong_one(
    client: TestClient, runtime: Runtime
) -> None:
    absent = client.get(RULES, headers=OPERATOR)
    assert (absent.status_code, absent.json()["type"]) == (404, "not-found")
    operator_on(runtime)
    for headers in (
        {},
        {"Authorization": "Bearer wrong"},
        {"Authorization": KEY},
        {"Authorization": f"Basic {KEY}"},
    ):
        for method, path, body in (
            ("GET", RULES, None),
            ("POST", RULES, TEXTS),
            ("POST", RULES, {"feature": "nonsense"}),  # refused for the key before the body
            ("PUT", f"{RULES}/1", TEXTS),
            ("DELETE", f"{RULES}/1", None),
            # The console's own routes, mounted here too (decisions/endpoints.py).
            ("PUT", f"{RULES}/1/enabled", {"enabled": False}),
            ("PUT", f"{RULES}/order", {"feature": "text-campaigns", "rules": []}),
            ("POST", f"{RULES}/preview", {"draft": TEXTS}),
        ):
            refused = client.request(method, path, json=body, headers=headers)
            assert refused.status_code == 401, (method, path, headers)
            assert refused.json() == {
                "type": "unauthorized",
                "message": "The decisions key is missing or wrong.",
            }
            assert refused.headers["www-authenticate"] == "Bearer"
    assert rules_of(client, "text-campaigns") == []  # nothing was written


@pytest.mark.parametrize(
    ("body", "type_", "words"),
    [
        ({"feature": "free-lunch", "output": {}}, "bad-request", "feature"),
        ({"feature": "text-campaigns"}, "bad-request", "output"),
        (
            {"feature": "membership-entitlement-check", "output": {"entitled": "yes please"}},
            "bad-request",
            "entitled",
        ),
        (
            {
                "feature": "available-plans",
                "output": {"plans": ["sports-annual"], "catalogue": "in-order"},
            },
            "bad-request",
            'either "plans"',
        ),
        ({**TEXTS, "conditions": {"statuses": ["Gold"]}}, "bad-request", "statuses"),
        ({**TEXTS, "conditions": {"region": "moon"}}, "bad-request", "region"),
        ({**TEXTS, "priority": "first"}, "bad-request", "priority"),
        ({**TEXTS, "extra": 1}, "bad-request", "extra"),
        (
            {"feature": "available-plans", "output": {"plans": ["gold-plan"]}},
            "unknown-plan",
            'The plan "gold-plan" is not an enabled plan.',
        ),
        (
            {"feature": "cancel-flow-offer", "output": {"discountId": "half-price"}},
            "unknown-discount",
            'There is no discount "half-price".',
        ),
    ],
)
def test_bad_rule_bodies_are_400_and_write_nothing(
    client: TestClient, runtime: Runtime, body: dict[str, Any], type_: str, words: str
) -> None:
    setup(runtime)
    seed_discounts(runtime)
    operator_on(runtime)
    refused = client.post(RULES, json=body, headers=OPERATOR)
    assert refused.status_code == 400, refused.text
    assert refused.json()["type"] == type_
    assert words in refused.json()["message"]
    assert client.get(RULES, headers=OPERATOR).json() == {"rules": []}
    not_json = client.post(
        RULES, content=b"{", headers={**OPERATOR, "Content-Type": "application/json"}
    )
    assert not_json.status_code == 400


def test_rules_are_added_read_replaced_and_deleted(client: TestClient, runtime: Runtime) -> None:
    operator_on(runtime)
    assert value(ask(client, "text-campaigns")) == {}
    created = client.post(RULES, json={**TEXTS, "description": "hello"}, headers=OPERATOR)
    assert created.status_code == 201
    rule = created.json()
    assert {
        k: rule[k]
        for k in ("feature", "priority", "enabled", "description", "conditions", "output")
    } == {
        "feature": "text-campaigns",
        "priority": 100,
        "enabled": True,
        "description": "hello",
        "conditions": {},
        "output": {"subtext": "Hello"},
    }
    assert value(ask(client, "text-campaigns")) == {"subtext": "Hello"}
    assert client.get(f"{RULES}/{rule['id']}", headers=OPERATOR).json() == rule

    disabled = client.put(
        f"{RULES}/{rule['id']}", json={**TEXTS, "enabled": False}, headers=OPERATOR
    )
    assert (disabled.status_code, disabled.json()["enabled"]) == (200, False)
    assert value(ask(client, "text-campaigns")) == {}

    assert client.delete(f"{RULES}/{rule['id']}", headers=OPERATOR).status_code == 204
    for method in ("GET", "PUT", "DELETE"):
        gone = client.request(method, f"{RULES}/{rule['id']}", json=TEXTS, headers=OPERATOR)
        assert (gone.status_code, gone.json()["type"]) == (404, "rule-not-found")
    assert client.get(RULES, params={"feature": "nonsense"}, headers=OPERATOR).status_code == 400


def test_seeding_adds_defaults_only_to_features_without_rules(
    client: TestClient, runtime: Runtime
) -> None:
    operator_on(runtime)
    client.post(RULES, json=TEXTS, headers=OPERATOR)
    seed(runtime)
    assert [r["output"] for r in rules_of(client, "text-campaigns")] == [{"subtext": "Hello"}]
    defaults = rules_of(client, "membership-entitlement-check")
    assert [r["output"]["entitled"] for r in defaults] == [True, True, False]
    seed(runtime)  # idempotent
    assert rules_of(client, "membership-entitlement-check") == defaults


def test_the_cli_seeds_lists_adds_and_deletes(
    client: TestClient, runtime: Runtime, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = runtime.settings
    assert cli.main(["seed"], settings) == 0
    assert "membership-entitlement-check" in json.loads(capsys.readouterr().out)["seeded"]
    body = tmp_path / "rule.json"
    body.write_text(json.dumps({**TEXTS, "priority": 5}), encoding="utf-8")
    assert cli.main(["add", str(body)], settings) == 0
    added = json.loads(capsys.readouterr().out)
    assert value(ask(client, "text-campaigns")) == {"subtext": "Hello"}
    body.write_text(
        json.dumps({"feature": "text-campaigns", "output": {"cta": 1}}), encoding="utf-8"
    )
    assert cli.main(["add", str(body)], settings) == 2
    assert "cta" in capsys.readouterr().err
    assert cli.main(["delete", str(added["id"])], settings) == 0
    assert cli.main(["delete", str(added["id"])], settings) == 2
    assert "There is no decision rule" in capsys.readouterr().err
    assert cli.main(["list", "text-campaigns"], settings) == 0
    listed = json.loads(capsys.readouterr().out)["rules"]
    assert [r["priority"] for r in listed] == [100, 110, 1000]


def test_a_rule_of_no_offer_is_stored_as_sent_and_decides(
    client: TestClient, runtime: Runtime
) -> None:
    """discountId: null (no retention offer for these readers) must stay in the stored
    output: without it the rule no longer parsed and was skipped, and the preview failed."""
    operator_on(runtime)
    no_offer = {"feature": "cancel-flow-offer", "output": {"discountId": None}, "priority": 5}
    preview = client.post(f"{RULES}/preview", json={"draft": no_offer}, headers=OPERATOR)
    assert preview.status_code == 200, preview.text
    decided = {d["feature"]: d for d in preview.json()["decisions"]}["cancel-flow-offer"]
    assert (decided["draft"], decided["outputValue"]) == (True, {"offer": None})
    added = client.post(RULES, json=no_offer, headers=OPERATOR)
    assert added.status_code == 201, added.text
    assert added.json()["output"] == {"discountId": None}
    saved = client.post(f"{RULES}/preview", json={}, headers=OPERATOR).json()["decisions"]
    decided = {d["feature"]: d for d in saved}["cancel-flow-offer"]
    assert (decided["ruleId"], decided["outputValue"]) == (added.json()["id"], {"offer": None})
