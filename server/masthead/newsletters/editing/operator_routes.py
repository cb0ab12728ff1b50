"""The newsletter lists' operator API (/operator/v1/newsletter-lists): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_NEWSLETTER_LISTS_KEY as a
bearer token; the API is absent (404) while the setting is empty. The routes are
endpoints.py's, the console's own; changes are audited with no staff member as the actor."""

from __future__ import annotations

from masthead.newsletters.editing.endpoints import lists_router
from masthead.staff.api import operator_mount

router = lists_router(
    operator_mount(
        "/operator/v1/newsletter-lists", lambda s: s.newsletter_lists_key, "newsletter lists"
    )
)
