"""Referral tenants in the staff console (/admin/api/referral-tenants, marketing): HTTP only.

The routes are endpoints.py's; here they take the signed-in marketing member as the actor of
every audit entry, and a key rotation or a deletion needs a code entered in the last minutes
(403 `reauthentication-required`, which the console answers by asking)."""

from __future__ import annotations

from masthead.referrals.programmes.endpoints import referral_router
from masthead.staff.api import console_mount

router = referral_router(console_mount("/admin/api/referral-tenants", "marketing"))
