"""Billing's refusals, and how a gateway refusal becomes one.

`payment-declined` carries a sentence the reader can act on, made from the processor's
response code or the gateway's rejection reason (decline_messages.py), never Braintree's
merchant-facing text ("Do Not Honor"); the account area shows it as is, as the spec's
subscribe errors show the server's text.
"""

from __future__ import annotations

from masthead.billing.catalog.cta import SUBSCRIBE_ERROR
from masthead.billing.gateway import GATEWAY_REJECTED, NOT_FOUND, UNAVAILABLE, GatewayError
from masthead.billing.payment_methods import decline_messages

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
    "charge-not-found": 404,
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
    "home-delivery-unverified": 409,
    "already-refunded": 409,
    "not-refundable": 409,
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
    """A declined card or charge is 402 with a sentence for the reader; the rest by kind."""
    refusal = exc.verification or exc.transaction
    if refusal is not None:
        if refusal.gateway_rejection_reason or exc.code == GATEWAY_REJECTED:
            text = decline_messages.for_rejection(refusal.gateway_rejection_reason)
        else:
            text = decline_messages.for_processor_code(refusal.processor_response_code or exc.code)
        return BillingError("payment-declined", text)
    if exc.code == GATEWAY_REJECTED:
        return BillingError("payment-declined", decline_messages.for_rejection(None))
    if exc.code == UNAVAILABLE:
        return BillingError("payment-unavailable", SUBSCRIBE_ERROR)
    if exc.code == NOT_FOUND:
        return BillingError("bad-request", "The payment method was not found.")
    # Braintree's validation messages name what is wrong ("Cannot use a payment_method_nonce
    # more than once."), so they are passed on.
    return BillingError("bad-request", exc.message)
