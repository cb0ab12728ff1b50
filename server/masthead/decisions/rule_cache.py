"""The one source of decision rules: each feature's enabled rules, parsed, kept per
application for at most RULES_FRESH_SECONDS, for every decision (session_decisions.py on the
event loop, service.py in a unit of work), so no two ways of asking ever differ.

A second read per article view (on PostgreSQL a second round trip) cost more than the rest of
the decision. So an edit made in another process counts within that second; in the process
that committed it (operator API, seeding, any unit of work that writes a DecisionRule), at
once. A rule can only withhold entitlement, never grant it, whatever is kept: the server's
own decision comes first (session_decisions.py).
"""

from __future__ import annotations

import logging
import time
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy.orm import Session

from masthead.committed_edits import CommittedEdits
from masthead.db import PinnedReader
from masthead.decisions import repository
from masthead.decisions.models import DecisionRule
from masthead.decisions.outputs import parse_output
from masthead.decisions.rules import Conditions, Rule
from masthead.deps import Runtime

log = logging.getLogger(__name__)

RULES_FRESH_SECONDS = 1.0
_edits = CommittedEdits(DecisionRule)  # this process's own edits count at once


# Per application: keyed by its hot reader (one per Runtime), gone with it.
_KEPT: WeakKeyDictionary[PinnedReader, dict[str, tuple[float, int, list[Rule]]]] = (
    WeakKeyDictionary()
)


def _fresh(runtime: Runtime, feature: str) -> list[Rule] | None:
    kept = _KEPT.get(runtime.reader, {}).get(feature)
    if kept is None or kept[1] != _edits.generation:
        return None
    return kept[2] if time.monotonic() - kept[0] < RULES_FRESH_SECONDS else None


def _keep(runtime: Runtime, feature: str, read_at: tuple[float, int], rules: list[Rule]) -> None:
    _KEPT.setdefault(runtime.reader, {})[feature] = (*read_at, rules)


def _read_at() -> tuple[float, int]:
    # Taken before the read: an edit committed during it makes the next decision read again.
    return time.monotonic(), _edits.generation


async def rules_awaited(runtime: Runtime, feature: str) -> list[Rule]:
    """The feature's enabled rules, read (awaited) when none are kept fresh."""
    found = _fresh(runtime, feature)
    if found is None:
        read_at = _read_at()
        rows = await repository.enabled_rule_rows_awaited(runtime.reader, feature)
        found = parse_rules(feature, rows)
        _keep(runtime, feature, read_at, found)
    return found


def rules_in(db: Session, runtime: Runtime, feature: str) -> list[Rule]:
    """The same, read in a unit of work when none are kept fresh."""
    found = _fresh(runtime, feature)
    if found is None:
        read_at = _read_at()
        rows = repository.enabled_rules(db, feature)
        found = parse_rules(feature, [(r.id, r.priority, r.conditions, r.output) for r in rows])
        _keep(runtime, feature, read_at, found)
    return found


def parse_rules(feature: str, rows: list[tuple[int, int, Any, Any]]) -> list[Rule]:
    """Rules from (id, priority, conditions, output) rows. A row that no longer validates
    (edited by hand in the database) is logged and skipped rather than failing every
    reader's request."""
    rules = []
    for rule_id, priority, conditions, output in rows:
        try:
            rules.append(
                Rule(
                    rule_id,
                    priority,
                    Conditions.model_validate(conditions),
                    parse_output(feature, output),
                )
            )
        except ValueError as exc:
            log.error("decision rule %s (%s) is invalid and skipped: %s", rule_id, feature, exc)
    return rules
