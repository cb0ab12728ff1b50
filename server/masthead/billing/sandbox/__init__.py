"""The embedded payment processor: a local sandbox with Braintree's semantics.

State lives in database tables (several server processes share one sandbox), time comes
from the runtime's clock, money is Decimal. `SandboxGateway` implements PaymentGateway on the
tables directly; `wire.router` speaks Braintree's XML gateway protocol so the official SDK
works against the same sandbox.
"""
