"""The Readers console's refusals, in the one error shape: identity's and billing's refusals
with their statuses, and the console's own."""

from __future__ import annotations

from masthead.billing.api import BillingError
from masthead.errors import ApiError
from masthead.identity.api import IdentityError

# Identity's refusals that reach these routes.
IDENTITY_STATUS = {"already-verified": 409, "no-sessions": 409, "user-not-found": 404}


def from_identity(exc: IdentityError) -> ApiError:
    return ApiError(IDENTITY_STATUS.get(exc.type, 400), exc.type, exc.message)


def from_billing(exc: BillingError) -> ApiError:
    return ApiError(exc.status, exc.type, exc.message)


def no_reader() -> ApiError:
    return ApiError(404, "not-found", "There is no reader with this id.")


def no_membership(what: str) -> ApiError:
    return ApiError(409, "no-membership", f"This reader has no running membership to {what}.")


def home_delivery_already(active: bool) -> ApiError:
    if active:
        return ApiError(409, "home-delivery-active", "This reader has home delivery already.")
    return ApiError(409, "no-home-delivery", "This reader has no home delivery to revoke.")


def undeliverable_address() -> ApiError:
    """The print system keeps plain ASCII addresses (billing's home-delivery API pattern)."""
    return ApiError(
        409,
        "home-delivery-address",
        "Home delivery is kept by email address, and the print system cannot hold this "
        "reader's address.",
    )
