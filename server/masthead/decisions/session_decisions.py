"""The two features every article view asks (membership-entitlement-check and
text-campaigns), decided on the event loop for the fast path (fastpath.py).

The same decision as service.py's, from other reads: the session's reader and their
subscriptions in one awaited query (site/entitlement.session_reads_awaited), and the
feature's enabled rules from RuleCache. No unit of work. The tests
(tests/decisions/test_fastpath.py) ask both for the same requests and compare the answers.

RuleCache keeps each feature's parsed rules for at most RULES_FRESH_SECONDS: a second query
per view, on PostgreSQL a second round trip, cost more than the rest of the decision. So an
edit made in another process counts within that second; in the process that committed it
(operator API, seeding, any unit of work that writes a DecisionRule), at once. A rule can
only withhold entitlement, never grant it, whatever the cache holds: the server's own
decision comes first.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session

from masthead.billing.service import LIVE
from masthead.billing.status import is_member
from masthead.decisions import repository
from masthead.decisions.models import DecisionRule
from masthead.decisions.outputs import ENTITLEMENT, TEXT_CAMPAIGNS
from masthead.decisions.rules import Facts, Rule, first_match
from masthead.decisions.service import (
    entitlement_value,
    parse_rules,
    reader_facts,
    text_campaigns_value,
)
from masthead.deps import Runtime
from masthead.site.entitlement import account_status, session_reads_awaited
from masthead.site.repository import SessionReads

FEATURES = frozenset({ENTITLEMENT, TEXT_CAMPAIGNS})
RULES_FRESH_SECONDS = 1.0
_generation = 0  # bumped by every commit of a rule edit in this process
_EDITED = "decision_rules_edited"


@event.listens_for(Session, "after_flush")
def _note_rule_edits(session: Session, _context: Any) -> None:
    if any(
        isinstance(row, DecisionRule) for row in (*session.new, *session.dirty, *session.deleted)
    ):
        session.info[_EDITED] = True


@event.listens_for(Session, "after_commit")
def _rules_changed(session: Session) -> None:
    global _generation
    if session.info.pop(_EDITED, False):
        _generation += 1  # every RuleCache of this process reads them again


@event.listens_for(Session, "after_rollback")
def _edits_undone(session: Session) -> None:
    session.info.pop(_EDITED, None)


class RuleCache:
    """Each feature's enabled rules, parsed, read again after RULES_FRESH_SECONDS or an
    edit in this process. One per application (the fast path's)."""

    def __init__(self, runtime: Runtime) -> None:
        self._runtime = runtime
        self._kept: dict[str, tuple[float, int, list[Rule]]] = {}

    async def rules(self, feature: str) -> list[Rule]:
        now = time.monotonic()
        kept = self._kept.get(feature)
        if kept is not None and now - kept[0] < RULES_FRESH_SECONDS and kept[1] == _generation:
            return kept[2]
        generation = _generation  # an edit during the read makes the next request read again
        rows = await repository.enabled_rule_rows_awaited(self._runtime.reader, feature)
        rules = parse_rules(feature, rows)
        self._kept[feature] = (now, generation, rules)
        return rules


def _facts(
    runtime: Runtime,
    found: SessionReads | None,
    path: str,
    in_supported_region: bool,
    country: str | None,
) -> tuple[Facts, bool]:
    """The facts the rules test (as DecisionContext.facts) and the server's own entitlement
    (as site/entitlement.entitled)."""
    base = Facts(path=path, in_supported_region=in_supported_region, country=country)
    if found is None:
        return base, False
    status = account_status(runtime, found.reader, found.subscriptions)
    plans = frozenset(s.plan_id for s in found.subscriptions if s.status in LIVE)
    facts = reader_facts(base, found.reader, status, plans)
    return facts, is_member(status, facts.products)


async def decide(
    runtime: Runtime,
    cache: RuleCache,
    feature: str,
    session_token: str | None,
    path: str,
    in_supported_region: bool,
    country: str | None,
) -> tuple[bool, Any]:
    """(signed in, outputValue) of one of FEATURES for the session."""
    found = await session_reads_awaited(runtime, session_token)
    facts, entitled = _facts(runtime, found, path, in_supported_region, country)
    if feature == ENTITLEMENT and not entitled:
        return found is not None, False  # a rule can withhold, never grant: not read
    rule = first_match(await cache.rules(feature), facts)
    output = None if rule is None else rule.output
    if feature == ENTITLEMENT:
        return True, entitlement_value(output)
    return found is not None, text_campaigns_value(output)
