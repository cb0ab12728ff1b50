"""The decision rules' operator API (/operator/v1/decision-rules): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_DECISIONS_KEY as a bearer
token; the API is absent (404) while the setting is empty. The routes are endpoints.py's, the
console's own (the preview and the order too); changes are audited with no staff member as
the actor."""

from __future__ import annotations

from masthead.decisions.endpoints import rules_router
from masthead.staff.api import operator_mount

router = rules_router(
    operator_mount("/operator/v1/decision-rules", lambda s: s.decisions_key, "decisions")
)
