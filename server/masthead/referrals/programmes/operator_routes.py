"""The referral tenants' operator API (/operator/v1/referral-tenants): HTTP only.

For an operator's tools, not a browser: the shared secret MASTHEAD_REFERRALS_KEY as a bearer
token (operator_auth.py); the API is absent (404) while the setting is empty. The routes are
endpoints.py's, the console's own; changes are audited with no staff member as the actor."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from masthead.identity.api import AddressDep
from masthead.operator_auth import bearer_key_check
from masthead.referrals.programmes.endpoints import Caller, referral_router

OperatorDep = Annotated[None, Depends(bearer_key_check(lambda s: s.referrals_key, "referrals"))]


def _no_check() -> None:
    """The bearer key is the operator's whole authority: nothing more to confirm."""


def _operator(_: OperatorDep, address: AddressDep) -> Caller:
    return Caller(None, address, _no_check)


router = referral_router(
    "/operator/v1/referral-tenants",
    _operator,
    tags=["operator"],
    who="operator API",
    base_errors={401: {}, 404: {}},
    sensitive_help="",
)
