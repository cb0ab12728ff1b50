"""The payment gateway in use (chosen by the wiring, masthead/wiring.py, from
MASTHEAD_PAYMENTS: Braintree through its SDK or the embedded sandbox, which billing never
names) and how the account area takes cards."""

from __future__ import annotations

from typing import cast

from masthead.billing.gateway.interface import PaymentGateway
from masthead.deps import Runtime
from masthead.settings import Settings

BRAINTREE_HOSTS = ("sandbox", "production")


def gateway_of(runtime: Runtime) -> PaymentGateway:
    """The payment gateway the wiring put on the runtime (masthead/wiring.py)."""
    # Read on every billing request and job: a None check, not isinstance against the
    # Protocol (which probes each of its methods). wiring.payment_gateway's return type is
    # what guarantees the rest.
    gateway = runtime.payment_gateway
    if gateway is None:
        raise RuntimeError("no payment gateway is wired into this runtime")
    return cast(PaymentGateway, gateway)


def card_entry(settings: Settings) -> str:
    """How the account area takes cards: 'hosted-fields' (Braintree Hosted Fields, whose
    frames come from Braintree's asset host) when the server talks to Braintree itself;
    'client-api' (the page's own inputs, tokenised over Braintree's client API protocol)
    against the embedded sandbox, or the SDK pointed at a server speaking its protocol."""
    if settings.payments == "braintree" and settings.braintree_environment in BRAINTREE_HOSTS:
        return "hosted-fields"
    return "client-api"
