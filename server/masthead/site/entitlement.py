"""Who may read a members-only story: one decision, made on the server (spec section 6).

A reader is entitled when billing's status resolution gives a member-like status (Active,
Cancelled_Active, Active_Pending, Active_Paused), or their products include home delivery
(billing.status.is_member). Nothing the browser sends besides the session decides it: the
segment cookie is a hint for the page, never an input here.
"""

from __future__ import annotations

from collections.abc import Collection

from masthead.billing.normalise import facts
from masthead.billing.status import is_member, resolve_status
from masthead.deps import Runtime
from masthead.identity.profile_fields import read_profile
from masthead.identity.repository import Reader
from masthead.identity.service import data_layer
from masthead.site.repository import Reads, subscription_rows


def reader_products(reader: Reader) -> Collection[str]:
    """The reader's products (home delivery among them): the data layer's, the one place
    they are known."""
    products: list[str] = data_layer(reader)["products"]
    return products


def entitled(db: Reads, runtime: Runtime, reader: Reader) -> bool:
    """Whether the reader may read members-only stories. `db` is the request's unit of work
    or the pinned read connection (runtime.reader) on the hot path."""
    profile = read_profile(reader.attributes)
    status = resolve_status(
        [facts(row) for row in subscription_rows(db, reader.user_id)],
        today=runtime.clock.now().date(),
        pause_feature_enabled=runtime.settings.membership_pause_enabled,
        profile_paused=bool(profile["paused"]),
        current_plan=str(profile["current-plan"] or "") or None,
    )
    return is_member(status, reader_products(reader))
