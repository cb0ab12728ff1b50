"""The two features every article view asks (membership-entitlement-check and
text-campaigns), decided on the event loop without a unit of work.

Their reads are the session's reader and their subscriptions in one query
(site/entitlement.session_reads_awaited), awaited (db.PinnedReader.all_awaited), and the
feature's enabled rules from rule_cache.py, as every feature's. A rule can only withhold
entitlement, never grant it: the server's own decision comes first.
"""

from __future__ import annotations

from typing import Any

from masthead.billing.api import LIVE, is_member
from masthead.decisions import rule_cache
from masthead.decisions.outputs import ENTITLEMENT, TEXT_CAMPAIGNS
from masthead.decisions.rules import Facts
from masthead.decisions.service import per_view_answer, reader_facts
from masthead.deps import Runtime
from masthead.site.api import SessionReads, account_status, session_reads_awaited

FEATURES = frozenset({ENTITLEMENT, TEXT_CAMPAIGNS})


def _facts(
    runtime: Runtime,
    found: SessionReads | None,
    path: str,
    in_supported_region: bool,
    country: str | None,
) -> tuple[Facts, bool]:
    """The facts the rules test (as service.DecisionContext.facts) and the server's own
    entitlement (site/entitlement.decide, from the same reads)."""
    base = Facts(path=path, in_supported_region=in_supported_region, country=country)
    if found is None:
        return base, False
    status = account_status(runtime, found.reader, found.subscriptions)
    plans = frozenset(s.plan_id for s in found.subscriptions if s.status in LIVE)
    facts = reader_facts(base, found.reader, status, plans)
    return facts, is_member(status, facts.products)


async def decide(
    runtime: Runtime,
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
    rules = await rule_cache.rules_awaited(runtime, feature)
    return found is not None, per_view_answer(feature, facts, entitled, rules)[1]
