"""The embedded payment processor: a local stand-in for Braintree, with its semantics.

Not part of the billing domain: it implements billing's PaymentGateway interface
(masthead.billing.gateway) as an outside service would, and nothing in a domain imports it.
It is selected by MASTHEAD_PAYMENTS=sandbox: billing/gateway/choose.py builds `SandboxGateway`
then, and app.py mounts `wire.router` (Braintree's XML gateway protocol and client API, so the
official SDK and braintree-web work against it) only then, never in production.

State lives in database tables (several server processes share one sandbox), time comes
from the clock it is given, money is Decimal.
"""
