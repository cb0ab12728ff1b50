"""Billing's refusals, and how a gateway refusal becomes one.

`payment-declined` carries the processor's own text ("Do Not Honor"), which the account
area shows as is, as the spec's subscribe errors show the server's text.
"""

from __future__ import annotations

from masthead.billing.cta import SUBSCRIBE_ERROR
from masthead.billing.gateway import GATEWAY_REJECTED, NOT_FOUND, UNAVAILABLE, GatewayError

STATUS = {
    "bad-request": 400,
    "payment-method-required": 400,
    "payment-declined": 402,
    "membership-disabled": 403,
    "pause-disabled": 403,
    "not-your-address": 403,
    "unsupported-region": 403,
    "plan-not-found": 404,
    "payment-method-not-found": 404,
    "subscription-not-found": 404,
    "already-subscribed": 409,
    "subscribe-in-progress": 409,
    "payment-method-in-use": 409,
    "already-paused": 409,
    "discount-taken": 409,
    "discount-unavailable": 409,
    "in-trial": 409,
    "not-paused": 409,
    "not-restartable": 409,
    "not-past-due": 409,
    "not-running": 409,
    "same-plan": 409,
    "subscription-changed": 409,
    "change-in-progress": 409,
    "home-delivery": 409,
    "change-failed": 503,
    "payment-unavailable": 503,
}


class BillingError(Exception):
    def __init__(self, type_: str, message: str) -> None:
        super().__init__(message)
        self.type = type_
        self.message = message

    @property
    def status(self) -> int:
        return STATUS[self.type]


def from_gateway(exc: GatewayError) -> BillingError:
    """A declined card or charge is 402 with the processor's text; the rest by its kind."""
    if exc.verification is not None:
        text = exc.verification.processor_response_text or exc.message
        return BillingError("payment-declined", text or SUBSCRIBE_ERROR)
    if exc.transaction is not None:
        text = exc.transaction.processor_response_text
        if exc.code == GATEWAY_REJECTED or not text:
            text = exc.message
        return BillingError("payment-declined", text or SUBSCRIBE_ERROR)
    if exc.code == GATEWAY_REJECTED:
        return BillingError("payment-declined", exc.message)
    if exc.code == UNAVAILABLE:
        return BillingError("payment-unavailable", SUBSCRIBE_ERROR)
    if exc.code == NOT_FOUND:
        return BillingError("bad-request", "The payment method was not found.")
    # Braintree's validation messages name what is wrong ("Cannot use a payment_method_nonce
    # more than once."), so they are passed on.
    return BillingError("bad-request", exc.message)
