"""The decision rules in the staff console (/admin/api/decision-rules, marketing): HTTP only.
The routes are endpoints.py's, the operator API's own; each change is audited with the member
who made it."""

from __future__ import annotations

from masthead.decisions.endpoints import rules_router
from masthead.staff.api import console_mount

router = rules_router(console_mount("/admin/api/decision-rules", "marketing"))
