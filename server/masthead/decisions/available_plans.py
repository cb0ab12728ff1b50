"""The available-plans feature: which plans a reader is offered, in which order, and with
which card options. Pure: no I/O; the service hands in the catalogue and the rules.

outputValue is text, one line per plan: the plan id, optionally followed by a space and a
JSON object of options for that plan's card (spec: "lines of plan id plus optional JSON-like
options"):

    sports-annual {"featured": true, "curation": "Our best deal"}
    sports-six-month
    sports-monthly

Options: `featured` (true/false) replaces the plan's featured flag, and so its 'Best Value!'
badge, for this reader; `curation` (text) replaces the card's curation line. Other keys are
ignored by the account area.

The deciding rule's output (outputs.AvailablePlansOutput) names the plans, or takes the
enabled catalogue in order, or with the plans without a trial first (for a reader who
already had one and would not get another). Without a matching rule: the catalogue in
order. Outside the supported region no plan is offered, whatever the rules say (subscribe
would refuse it). Rule entries naming a plan that is not in the enabled catalogue are
logged and dropped, as is a repeated id.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from masthead.decisions.outputs import AvailablePlansOutput, PlanChoice

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class CatalogPlan:
    id: str
    has_trial: bool


def catalogue_choices(
    catalog: Sequence[CatalogPlan], without_trial_first: bool
) -> list[PlanChoice]:
    plans = list(catalog)
    if without_trial_first:
        plans.sort(key=lambda plan: plan.has_trial)  # stable: catalogue order within each
    return [PlanChoice(id=plan.id) for plan in plans]


def decide(
    catalog: Sequence[CatalogPlan],
    output: AvailablePlansOutput | None,
    in_supported_region: bool,
) -> list[PlanChoice]:
    if not in_supported_region:
        return []
    if output is None or output.plans is None:
        trial_last = output is not None and output.catalogue == "without-trial-first"
        return catalogue_choices(catalog, trial_last)
    known = {plan.id for plan in catalog}
    chosen: list[PlanChoice] = []
    for choice in output.plans:
        if choice.id not in known:
            log.warning("available-plans: plan %r is not an enabled plan; dropped", choice.id)
        elif any(c.id == choice.id for c in chosen):
            log.warning("available-plans: plan %r is listed twice; dropped", choice.id)
        else:
            chosen.append(choice)
    return chosen


def plan_lines(choices: Sequence[PlanChoice]) -> str:
    """The outputValue text: one line per plan, options as a JSON object after the id."""
    lines = []
    for choice in choices:
        options = choice.options()
        lines.append(f"{choice.id} {json.dumps(options)}" if options else choice.id)
    return "\n".join(lines)
