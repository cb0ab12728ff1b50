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

A deleted tenant may still be named for up to a second in another process. Deleting is
soft (Tenant.deleted_at; the console's and operator API's only way), so its analytics events
still find their row; a row removed by SQL outside Masthead would fail their batch's foreign
key (a 5xx, nothing answered 2xx is lost).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from masthead.committed_edits import CommittedEdits
from masthead.db import PinnedReader
from masthead.deps import Runtime
from masthead.referrals import repository
from masthead.referrals.models import Tenant

TENANT_FRESH_SECONDS = 1.0
_edits = CommittedEdits(Tenant)  # this process's own edits count at once
_monotonic = time.monotonic  # the tests move it by hand


@dataclass(frozen=True, slots=True)
class TenantFacts:
    id: int
    origins: frozenset[str]  # the merchant pages' origins, matched exactly


# Per application: keyed by its hot reader (one per Runtime), gone with it.
_KEPT: WeakKeyDictionary[PinnedReader, dict[str, tuple[float, int, TenantFacts]]] = (
    WeakKeyDictionary()
)


async def tenant_facts(runtime: Runtime, alias: str) -> TenantFacts | None:
    """The tenant named by alias (None when there is none), read when none is kept fresh."""
    kept = _KEPT.get(runtime.reader)
    found = kept.get(alias) if kept else None
    now = _monotonic()
    if (
        found is not None
        and found[1] == _edits.generation
        and now - found[0] < TENANT_FRESH_SECONDS
    ):
        return found[2]
    # Taken before the read: an edit committed during it makes the next request read again.
    generation = _edits.generation
    row = await repository.tenant_facts(runtime.reader, alias)
    kept = _KEPT.setdefault(runtime.reader, {})
    if row is None:
        kept.pop(alias, None)
        return None
    facts = TenantFacts(row[0], frozenset(row[1]))
    kept[alias] = (now, generation, facts)
    return facts
