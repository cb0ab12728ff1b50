"""Which rule decides, as tables of cases: each condition alone, together, and the order."""

from __future__ import annotations

from typing import Any

import pytest

from masthead.decisions.outputs import RuleIn
from masthead.decisions.rules import Conditions, Facts, Rule, first_match, matches

SIGNED_OUT = Facts(path="/2026/11/22/story/")
READER = Facts(path="/2026/11/22/story/", signed_in=True, status="None")
HAD_TRIAL = Facts(path="/account/subscribe", signed_in=True, had_trial=True, status="Canceled")
MEMBER = Facts(
    path="/account/settings/membership",
    signed_in=True,
    status="Active",
    plans=frozenset({"sports-monthly"}),
    country="US",
)
HOME_DELIVERY = Facts(signed_in=True, status="None", products=frozenset({"hd-sports-membership"}))
ABROAD = Facts(signed_in=True, status="Active", in_supported_region=False, country="FR")


@pytest.mark.parametrize(
    ("conditions", "holds_for"),
    [
        ({}, {"SIGNED_OUT", "READER", "HAD_TRIAL", "MEMBER", "HOME_DELIVERY", "ABROAD"}),
        ({"readers": "signed-out"}, {"SIGNED_OUT"}),
        ({"readers": "signed-in"}, {"READER", "HAD_TRIAL", "MEMBER", "HOME_DELIVERY", "ABROAD"}),
        ({"readers": "new"}, {"READER", "MEMBER", "HOME_DELIVERY", "ABROAD"}),
        ({"readers": "had-trial"}, {"HAD_TRIAL"}),
        ({"statuses": ["Active", "Cancelled_Active"]}, {"MEMBER", "ABROAD"}),
        ({"statuses": ["None"]}, {"READER", "HOME_DELIVERY"}),  # never a signed-out visitor
        ({"products": ["hd-sports-membership"]}, {"HOME_DELIVERY"}),
        ({"plans": ["sports-monthly", "sports-annual"]}, {"MEMBER"}),
        ({"region": "supported"}, {"SIGNED_OUT", "READER", "HAD_TRIAL", "MEMBER", "HOME_DELIVERY"}),
        ({"region": "unsupported"}, {"ABROAD"}),
        ({"countries": ["us", "CA"]}, {"MEMBER"}),  # an unknown country is in no list
        ({"path": "/account"}, {"HAD_TRIAL", "MEMBER"}),
        ({"path": "/account/subscribe/"}, {"HAD_TRIAL"}),
        ({"path": "/account/sub"}, set()),  # whole segments only
        ({"statuses": ["Active"], "region": "supported"}, {"MEMBER"}),  # all must hold
    ],
)
def test_each_condition(conditions: dict[str, Any], holds_for: set[str]) -> None:
    everyone = {
        name: facts
        for name, facts in globals().items()
        if isinstance(facts, Facts) and name.isupper()
    }
    parsed = Conditions.model_validate(conditions)
    assert {name for name, facts in everyone.items() if matches(parsed, facts)} == holds_for


def test_paths_ignore_the_query_and_a_trailing_slash() -> None:
    rule = Conditions(path="/account/appsubscribe")
    for path, expected in (
        ("/account/appsubscribe", True),
        ("/account/appsubscribe/", True),
        ("/account/appsubscribe?plan=x", True),
        ("/account/appsubscribe/step", True),
        ("/account/appsubscribers", False),
        ("/", False),
    ):
        assert matches(rule, Facts(path=path)) is expected, path


def _rule(rule_id: int, priority: int, **conditions: Any) -> Rule:
    return Rule(rule_id, priority, Conditions.model_validate(conditions), f"rule {rule_id}")


def test_the_lowest_priority_that_holds_decides_then_the_oldest() -> None:
    rules = [
        _rule(1, 500),
        _rule(2, 10, readers="signed-out"),
        _rule(3, 20, statuses=["Active"]),
        _rule(4, 20, readers="signed-in"),  # same priority as 3: the older (3) goes first
    ]
    decided = {
        name: first_match(rules, facts)
        for name, facts in (("out", SIGNED_OUT), ("member", MEMBER), ("reader", READER))
    }
    assert {name: rule.id if rule else None for name, rule in decided.items()} == {
        "out": 2,
        "member": 3,
        "reader": 4,
    }
    assert first_match([_rule(5, 1, readers="had-trial")], READER) is None


@pytest.mark.parametrize(
    ("body", "complaint"),
    [
        ({"feature": "free-lunch", "output": {}}, "feature"),
        ({"feature": "membership-entitlement-check", "output": {"entitled": "maybe"}}, "entitled"),
        ({"feature": "membership-entitlement-check", "output": {}}, "entitled"),
        ({"feature": "available-plans", "output": {"plans": "sports-annual"}}, "plans"),
        ({"feature": "cancel-flow-offer", "output": {"discount": "x"}}, "discount"),
        ({"feature": "text-campaigns", "output": {"cta": "Hi"}}, "cta"),
        (
            {"feature": "text-campaigns", "output": {}, "conditions": {"statuses": ["Gold"]}},
            "statuses",
        ),
        (
            {"feature": "text-campaigns", "output": {}, "conditions": {"countries": ["USA"]}},
            "countries",
        ),
        ({"feature": "text-campaigns", "output": {}, "conditions": {"path": "account"}}, "path"),
        ({"feature": "text-campaigns", "output": {}, "conditions": {"colour": "red"}}, "colour"),
        ({"feature": "text-campaigns", "output": {}, "priority": -1}, "priority"),
        # JSON's true/false and numbers only, as the document says (no 0/1, no "5").
        ({"feature": "text-campaigns", "output": {}, "enabled": 1}, "enabled"),
        ({"feature": "text-campaigns", "output": {}, "priority": "5"}, "priority"),
        ({"feature": "membership-entitlement-check", "output": {"entitled": 0}}, "entitled"),
        (
            {"feature": "text-campaigns", "output": {}, "conditions": {"countries": [" us"]}},
            "countries",
        ),
        (
            {"feature": "text-campaigns", "output": {}, "conditions": {"products": ["\x1f"]}},
            "products",
        ),
    ],
)
def test_bad_rule_bodies_are_refused_saying_where(body: dict[str, Any], complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        RuleIn.model_validate(body)


def test_rule_bodies_are_stored_normalised() -> None:
    rule = RuleIn.model_validate(
        {
            "feature": "available-plans",
            "conditions": {"countries": ["us"], "readers": "any"},
            "output": {"plans": ["sports-annual", {"id": "sports-monthly", "featured": False}]},
        }
    )
    assert rule.conditions.stored() == {"countries": ["US"]}
    assert rule.output == {
        "plans": [{"id": "sports-annual"}, {"id": "sports-monthly", "featured": False}]
    }
