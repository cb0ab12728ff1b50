"""Puts the parts together for a process: the runtime (deps.py), the payment gateway the
settings choose, and the background work of every domain (background.py). app.py and the
worker process (worker.py) build their runtime here; nothing below the wiring imports it.

The choice of gateway lives here, not in billing: the embedded sandbox is a stand-in for an
outside service, and no domain imports a stand-in.
"""

from __future__ import annotations

from masthead.background import background_work
from masthead.billing.api import BraintreeGateway, PaymentGateway
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.clock import Clock
from masthead.deps import Runtime, build_runtime
from masthead.settings import Settings
from masthead.sms_outbox.service import DevOutboxSender
from masthead.texts.api import SmsSender


def payment_gateway(runtime: Runtime) -> PaymentGateway:
    """The gateway MASTHEAD_PAYMENTS names: Braintree through its SDK, or the sandbox."""
    if runtime.settings.payments == "braintree":
        return BraintreeGateway(runtime.settings)
    return SandboxGateway(runtime.sessions, runtime.clock, runtime.settings)


def sms_sender(runtime: Runtime) -> SmsSender | None:
    """The SMS sender MASTHEAD_SMS_BACKEND names: the dev outbox (/dev/texts), or none
    ("disabled": the texts domain then sends nothing)."""
    if runtime.settings.sms_backend == "disabled":
        return None
    return DevOutboxSender(runtime.sessions, runtime.clock)


def build_process_runtime(settings: Settings, clock: Clock | None = None) -> Runtime:
    """A runtime with every part a web or worker process needs."""
    runtime = build_runtime(settings, clock, background_work())
    runtime.payment_gateway = payment_gateway(runtime)
    runtime.sms_sender = sms_sender(runtime)
    return runtime
