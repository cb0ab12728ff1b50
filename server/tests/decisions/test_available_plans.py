"""The available-plans answer, as tables of cases: which plans a rule's output offers in
which order, and the outputValue text."""

from __future__ import annotations

import logging

import pytest
from pydantic import ValidationError

from masthead.decisions.available_plans import CatalogPlan, decide, plan_lines
from masthead.decisions.outputs import AvailablePlansOutput, PlanChoice

CATALOG = (
    CatalogPlan("monthly", has_trial=True),
    CatalogPlan("six", has_trial=False),
    CatalogPlan("annual", has_trial=False),
    CatalogPlan("monthly-plus", has_trial=True),
)
IN_ORDER = AvailablePlansOutput(catalogue="in-order")
TRIAL_LAST = AvailablePlansOutput(catalogue="without-trial-first")


def _ids(choices: list[PlanChoice]) -> list[str]:
    return [choice.id for choice in choices]


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        (None, ["monthly", "six", "annual", "monthly-plus"]),  # no rule: the catalogue
        (IN_ORDER, ["monthly", "six", "annual", "monthly-plus"]),
        # No second trial: plans without one first, catalogue order kept within each group.
        (TRIAL_LAST, ["six", "annual", "monthly", "monthly-plus"]),
        (AvailablePlansOutput(plans=(PlanChoice(id="annual"),)), ["annual"]),
        (AvailablePlansOutput(plans=()), []),
    ],
)
def test_the_output_chooses_the_plans(
    output: AvailablePlansOutput | None, expected: list[str]
) -> None:
    assert _ids(decide(CATALOG, output, True)) == expected


@pytest.mark.parametrize("output", [None, IN_ORDER, AvailablePlansOutput(plans=("annual",))])
def test_outside_the_supported_region_no_plan_is_offered(
    output: AvailablePlansOutput | None,
) -> None:
    assert decide(CATALOG, output, False) == []


def test_unknown_and_repeated_plans_are_logged_and_dropped(
    caplog: pytest.LogCaptureFixture,
) -> None:
    output = AvailablePlansOutput(plans=("annual", "retired-plan", "annual", "monthly"))
    with caplog.at_level(logging.WARNING, logger="masthead.decisions.available_plans"):
        chosen = decide(CATALOG, output, True)
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


def test_outputs_accept_ids_or_objects_and_refuse_unknown_options() -> None:
    output = AvailablePlansOutput.model_validate(
        {"plans": ["six", {"id": "annual", "curation": "Welcome back"}]}
    )
    assert output.plans == (PlanChoice(id="six"), PlanChoice(id="annual", curation="Welcome back"))
    for bad in (
        {"plans": [{"id": "six", "colour": "red"}]},
        {"plans": [""]},
        {},
        {"plans": ["six"], "catalogue": "in-order"},
        {"catalogue": "shuffled"},
    ):
        with pytest.raises(ValidationError):
            AvailablePlansOutput.model_validate(bad)
