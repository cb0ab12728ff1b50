"""The newsletter lists in the staff console (/admin/api/newsletter-lists, editors): HTTP
only. The routes are endpoints.py's, the operator API's own; each change is audited with the
member who made it."""

from __future__ import annotations

from masthead.newsletters.editing.endpoints import lists_router
from masthead.staff.api import console_mount

router = lists_router(console_mount("/admin/api/newsletter-lists", "editor"))
