"""The member events' operator API (/operator/v1/member-events): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_MEMBER_EVENTS_KEY as a
bearer token; the API is absent (404) while the setting is empty. The routes are
endpoints.py's, the console's own; changes are audited with no staff member as the actor."""

from __future__ import annotations

from masthead.member_events.endpoints import events_router
from masthead.staff.api import operator_mount

router = events_router(
    operator_mount("/operator/v1/member-events", lambda s: s.member_events_key, "member events")
)
