"""The member events in the staff console (/admin/api/member-events, editors): HTTP only.
The routes are endpoints.py's, the operator API's own; each change is audited with the member
who made it."""

from __future__ import annotations

from masthead.member_events.endpoints import events_router
from masthead.staff.api import console_mount

router = events_router(console_mount("/admin/api/member-events", "editor"))
