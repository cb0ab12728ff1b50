"""The plan catalogue and its discounts in the staff console (/admin/api/plans,
/admin/api/discounts; marketing): HTTP only. The routes are endpoints.py's, the operator
API's own; each change is audited with the member who made it."""

from __future__ import annotations

from masthead.billing.catalog.endpoints import catalog_router
from masthead.staff.api import console_mount

router = catalog_router(console_mount("/admin/api", "marketing"))
