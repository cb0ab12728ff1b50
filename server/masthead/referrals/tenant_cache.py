"""Each referral tenant's id and allowed origins, kept per application for at most
TENANT_FRESH_SECONDS: the origin check of every referral request (transport.py) and the
analytics calls read them here.

The analytics calls are most of the referral traffic (every widget that opens sends one), and
reading the tenant for each cost a round trip (two, with the origin check). As with the
decision rules (decisions/rule_cache.py): an edit committed in another process, or by SQL
outside the ORM, counts within that second; in the process that committed it (any unit of
work that adds, changes or deletes a Tenant), at once. Only tenants that exist are kept: an
unknown alias is read every time, so a new tenant is found at once and what is kept cannot
outgrow the tenants table.

A deleted tenant may still be named for up to a second in another process; its analytics
events then fail their batch's foreign key (a 5xx, nothing answered 2xx is lost).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import event
from sqlalchemy.orm import Session

from masthead.db import PinnedReader
from masthead.deps import Runtime
from masthead.referrals import repository
from masthead.referrals.models import Tenant

TENANT_FRESH_SECONDS = 1.0
_generation = 0  # bumped by every commit of a tenant edit in this process
_EDITED = "referral_tenants_edited"
_monotonic = time.monotonic  # the tests move it by hand


@dataclass(frozen=True, slots=True)
class TenantFacts:
    id: int
    origins: frozenset[str]  # the merchant pages' origins, matched exactly


@event.listens_for(Session, "after_flush")
def _note_tenant_edits(session: Session, _context: Any) -> None:
    if any(isinstance(row, Tenant) for row in (*session.new, *session.dirty, *session.deleted)):
        session.info[_EDITED] = True


@event.listens_for(Session, "after_commit")
def _tenants_changed(session: Session) -> None:
    global _generation
    if session.info.pop(_EDITED, False):
        _generation += 1  # every application of this process reads them again


@event.listens_for(Session, "after_rollback")
def _edits_undone(session: Session) -> None:
    session.info.pop(_EDITED, None)


# Per application: keyed by its hot reader (one per Runtime), gone with it.
_KEPT: WeakKeyDictionary[PinnedReader, dict[str, tuple[float, int, TenantFacts]]] = (
    WeakKeyDictionary()
)


async def tenant_facts(runtime: Runtime, alias: str) -> TenantFacts | None:
    """The tenant named by alias (None when there is none), read when none is kept fresh."""
    kept = _KEPT.get(runtime.reader)
    found = kept.get(alias) if kept else None
    now = _monotonic()
    if found is not None and found[1] == _generation and now - found[0] < TENANT_FRESH_SECONDS:
        return found[2]
    # Taken before the read: an edit committed during it makes the next request read again.
    generation = _generation
    row = await repository.tenant_facts(runtime.reader, alias)
    kept = _KEPT.setdefault(runtime.reader, {})
    if row is None:
        kept.pop(alias, None)
        return None
    facts = TenantFacts(row[0], frozenset(row[1]))
    kept[alias] = (now, generation, facts)
    return facts
