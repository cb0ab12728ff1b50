"""Who may read a members-only story: one decision, made on the server (spec section 6).

A reader is entitled when billing's status resolution gives a member-like status (Active,
Cancelled_Active, Active_Pending, Active_Paused), or their products include home delivery
(billing.status.is_member). Those statuses need money covering today: a settled payment
paid through today, a running trial, a charge the gateway is taking; a subscription that is
only scheduled (Pending) or a next billing date never counts (billing/status.py). Home
delivery counts only for a verified address (identity's session query). Nothing the browser
sends besides the session decides it: the segment cookie is a hint for the page, never an
input here. The content call and the decision engine decide through this module too, so
every path gives the same answer.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import cast

from masthead.billing.api import (
    AccountStatus,
    BillingSubscription,
    facts,
    is_member,
    resolve_status,
)
from masthead.deps import Runtime
from masthead.identity.api import Reader, data_layer, read_profile, token_hash
from masthead.site.repository import (
    Reads,
    SessionReads,
    SubscriptionRow,
    reader_with_subscriptions_awaited,
    subscription_rows,
)


def reader_products(reader: Reader) -> Collection[str]:
    """The reader's products (home delivery among them): the data layer's, the one place
    they are known."""
    products: list[str] = data_layer(reader).products
    return products


def account_status(
    runtime: Runtime, reader: Reader, subscriptions: Iterable[SubscriptionRow]
) -> AccountStatus:
    """Billing's status resolution, from the reader and their subscriptions."""
    profile = read_profile(reader.attributes)
    return resolve_status(
        # facts() reads a row's attributes; SubscriptionRow carries them by the same names.
        [facts(cast(BillingSubscription, row)) for row in subscriptions],
        today=runtime.clock.now().date(),
        pause_feature_enabled=runtime.settings.membership_pause_enabled,
        profile_paused=bool(profile["paused"]),
        current_plan=str(profile["current-plan"] or "") or None,
    )


def decide(runtime: Runtime, reader: Reader, subscriptions: Iterable[SubscriptionRow]) -> bool:
    """The decision itself, from the reader and their subscriptions."""
    return is_member(account_status(runtime, reader, subscriptions), reader_products(reader))


def entitled(db: Reads, runtime: Runtime, reader: Reader) -> bool:
    """Whether the reader may read members-only stories. `db` is a unit of work or the
    pinned read connection (runtime.reader)."""
    return decide(runtime, reader, subscription_rows(db, reader.user_id))


async def session_reads_awaited(
    runtime: Runtime, session_token: str | None, content_id: str | None = None
) -> SessionReads | None:
    """The session's reader and subscriptions (and a story), or None without a live session:
    one query, awaited. The content call (site/content.py) and the decision engine's
    per-view features (decisions/session_decisions.py) run on the event loop, which serves
    other requests while PostgreSQL answers (db.PinnedReader.all_awaited)."""
    if not session_token:
        return None
    return await reader_with_subscriptions_awaited(
        runtime.reader, token_hash(session_token), runtime.clock.now(), content_id
    )
