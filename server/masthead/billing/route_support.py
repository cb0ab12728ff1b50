"""What billing's route modules share: the gateway dependency, errors as the contract's
answers, the no-store header of every answer about a reader, the site API's nonce check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

from fastapi import Depends

from masthead.billing.errors import BillingError
from masthead.billing.gateway import PaymentGateway
from masthead.billing.gateway.choose import gateway_of
from masthead.deps import RuntimeDep
from masthead.errors import ApiError
from masthead.nonces import require_rest_nonce

SITE_PREFIX = "/wp-json/nyp-membership/v1"
CARD_LIMITS = "Card attempts are limited per account and per client address: 429."
# Every site API call carries the page's nonce (X-WP-Nonce), except the public catalogue.
SITE_NONCE = Depends(require_rest_nonce)
T = TypeVar("T")


async def get_gateway(rt: RuntimeDep) -> PaymentGateway:
    return gateway_of(rt)


GatewayDep = Annotated[PaymentGateway, Depends(get_gateway)]


def call(fn: Callable[[], T]) -> T:
    """fn's answer; a BillingError becomes the contract's error answer."""
    try:
        return fn()
    except BillingError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None
