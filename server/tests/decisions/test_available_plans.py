"""The available-plans rules, as tables of cases: which rule a request gets, which plans it
offers in which order, and the outputValue text."""

from __future__ import annotations

import logging

import pytest
from pydantic import ValidationError

from masthead.decisions.available_plans import CatalogPlan, decide, plan_lines
from masthead.decisions.rules import PlanChoice, PlanRule, Visitor, choose_rule

CATALOG = (
    CatalogPlan("monthly", has_trial=True),
    CatalogPlan("six", has_trial=False),
    CatalogPlan("annual", has_trial=False),
    CatalogPlan("monthly-plus", has_trial=True),
)
SIGNED_OUT = Visitor(signed_in=False)
NEW = Visitor(signed_in=True, had_trial=False)
HAD_TRIAL = Visitor(signed_in=True, had_trial=True)


def _ids(choices: list[PlanChoice]) -> list[str]:
    return [choice.id for choice in choices]


@pytest.mark.parametrize(
    ("visitor", "expected"),
    [
        (SIGNED_OUT, ["monthly", "six", "annual", "monthly-plus"]),
        (NEW, ["monthly", "six", "annual", "monthly-plus"]),
        # No second trial: plans without one first, catalogue order kept within each group.
        (HAD_TRIAL, ["six", "annual", "monthly", "monthly-plus"]),
    ],
)
def test_without_rules_every_enabled_plan(visitor: Visitor, expected: list[str]) -> None:
    assert _ids(decide(CATALOG, (), "/account/subscribe", visitor, True)) == expected


def test_outside_the_supported_region_no_plan_is_offered() -> None:
    rules = (PlanRule(plans=("annual",)),)
    assert decide(CATALOG, rules, "/account/subscribe", NEW, False) == []
    assert decide(CATALOG, (), "/account/subscribe", HAD_TRIAL, False) == []


RULES = (
    PlanRule(path="/account/appsubscribe", plans=("monthly",)),
    PlanRule(readers="had-trial", plans=("annual", "six")),
    PlanRule(readers="signed-out", plans=("six",)),
    PlanRule(readers="new", path="/account/subscribe", plans=("monthly", "annual")),
)


@pytest.mark.parametrize(
    ("path", "visitor", "expected"),
    [
        ("/account/appsubscribe", HAD_TRIAL, 0),  # the first matching rule wins
        ("/account/appsubscribe/", NEW, 0),
        ("/account/appsubscribe?plan=x", SIGNED_OUT, 0),
        ("/account/subscribe", HAD_TRIAL, 1),
        ("/account/subscribe", SIGNED_OUT, 2),
        ("/account/subscribe", NEW, 3),
        ("/account/subscribe/offer", NEW, 3),  # below the prefix
        ("/account/subscribers", NEW, None),  # a prefix of whole segments only
        ("/", NEW, None),
    ],
)
def test_the_first_matching_rule_decides(path: str, visitor: Visitor, expected: int | None) -> None:
    rule = choose_rule(RULES, path, visitor)
    assert (None if rule is None else RULES.index(rule)) == expected


def test_signed_in_matches_every_signed_in_reader() -> None:
    rules = (PlanRule(readers="signed-in", plans=("six",)),)
    assert choose_rule(rules, "/", NEW) is rules[0]
    assert choose_rule(rules, "/", HAD_TRIAL) is rules[0]
    assert choose_rule(rules, "/", SIGNED_OUT) is None


def test_no_matching_rule_falls_back_to_the_catalogue() -> None:
    rules = (PlanRule(readers="signed-out", plans=("six",)),)
    assert _ids(decide(CATALOG, rules, "/account/subscribe", HAD_TRIAL, True)) == [
        "six",
        "annual",
        "monthly",
        "monthly-plus",
    ]


def test_unknown_and_repeated_plans_are_logged_and_dropped(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rules = (PlanRule(plans=("annual", "retired-plan", "annual", "monthly")),)
    with caplog.at_level(logging.WARNING, logger="masthead.decisions.available_plans"):
        chosen = decide(CATALOG, rules, "/account/subscribe", NEW, True)
    assert _ids(chosen) == ["annual", "monthly"]
    assert "'retired-plan' is not an enabled plan" in caplog.text
    assert "'annual' is listed twice" in caplog.text


def test_lines_carry_each_plans_options_as_json() -> None:
    choices = [
        PlanChoice(id="annual", featured=True, curation='Our "best" deal'),
        PlanChoice(id="six", featured=False),
        PlanChoice(id="monthly"),
    ]
    assert plan_lines(choices) == (
        'annual {"featured": true, "curation": "Our \\"best\\" deal"}\n'
        'six {"featured": false}\n'
        "monthly"
    )
    assert plan_lines([]) == ""


def test_rules_accept_ids_or_objects_and_refuse_unknown_options() -> None:
    rule = PlanRule.model_validate(
        {"readers": "had-trial", "plans": ["six", {"id": "annual", "curation": "Welcome back"}]}
    )
    assert rule.plans == (PlanChoice(id="six"), PlanChoice(id="annual", curation="Welcome back"))
    for bad in (
        {"plans": [{"id": "six", "colour": "red"}]},
        {"readers": "members", "plans": ["six"]},
        {"plans": [""]},
        {"path": "/account"},
    ):
        with pytest.raises(ValidationError):
            PlanRule.model_validate(bad)
