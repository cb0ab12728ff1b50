"""Referral tenants in the staff console (/admin/api/referral-tenants, marketing): HTTP only.

The routes are endpoints.py's; here they take the signed-in marketing member as the actor of
every audit entry, and a key rotation or a deletion needs a code entered in the last minutes
(require_step_up: 403 `reauthentication-required`, which the console answers by asking)."""

from __future__ import annotations

from masthead.identity.api import AddressDep
from masthead.referrals.programmes.endpoints import Caller, referral_router
from masthead.staff.api import ROLE_ERRORS, MarketingDep, require_step_up


def _marketing(staff: MarketingDep, address: AddressDep) -> Caller:
    return Caller(staff.actor, address, lambda: require_step_up(staff))


router = referral_router(
    "/admin/api/referral-tenants",
    _marketing,
    tags=["staff"],
    who="marketing",
    base_errors=dict(ROLE_ERRORS),
    sensitive_help=" Needs a code entered in the last 5 minutes (403 "
    "`reauthentication-required`: POST /admin/api/session/confirm, then again).",
)
