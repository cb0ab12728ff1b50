"""The plan catalogue's operator API (/operator/v1/plans, /operator/v1/discounts): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_CATALOG_KEY as a bearer
token; the API is absent (404) while the setting is empty. The routes are endpoints.py's, the
console's own; changes are audited without a staff member."""

from __future__ import annotations

from masthead.billing.catalog.endpoints import catalog_router
from masthead.staff.api import operator_mount

router = catalog_router(operator_mount("/operator/v1", lambda s: s.catalog_key, "catalog"))
