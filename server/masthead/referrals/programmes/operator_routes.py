"""The referral tenants' operator API (/operator/v1/referral-tenants): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_REFERRALS_KEY as a bearer
token; the API is absent (404) while the setting is empty. The routes are endpoints.py's, the
console's own; changes are audited with no staff member as the actor."""

from __future__ import annotations

from masthead.referrals.programmes.endpoints import referral_router
from masthead.staff.api import operator_mount

router = referral_router(
    operator_mount("/operator/v1/referral-tenants", lambda s: s.referrals_key, "referrals")
)
