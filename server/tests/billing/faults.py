"""A payment gateway that fails on cue: the fault-injection tests' only double.

It wraps the real sandbox gateway and, per method, takes the next planned fault from a queue:
None lets the call through, a GatewayError is raised before the call (the gateway refused or
was unreachable), Lost(...) runs the call and then raises (the answer was lost on the way),
and Crash stops the request as a dying process would: no billing code catches it, so nothing
after it runs and the request's transaction is never committed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from masthead.billing.gateway import UNAVAILABLE, GatewayError, PaymentGateway
from masthead.billing.memberships.claim import MEMBERSHIP_CLAIM
from masthead.billing.memberships.models import BillingCustomer
from masthead.claims import try_claim
from masthead.deps import Runtime


class Crash(Exception):
    """The process died here."""


@dataclass(frozen=True)
class Lost:
    error: BaseException


def unavailable() -> GatewayError:
    return GatewayError(UNAVAILABLE, "The payment processor did not answer.")


Fault = BaseException | Lost | None


class FaultyGateway:
    def __init__(self, inner: PaymentGateway) -> None:
        self.inner = inner
        self.plan: dict[str, list[Fault]] = {}
        self.calls: list[str] = []

    def fail(self, method: str, *faults: Fault) -> None:
        self.plan.setdefault(method, []).extend(faults)

    def heal(self) -> None:
        self.plan.clear()

    def __getattr__(self, name: str) -> Any:
        real = getattr(self.inner, name)
        if not callable(real):
            return real

        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            queue = self.plan.get(name) or []
            fault = queue.pop(0) if queue else None
            if isinstance(fault, Lost):
                real(*args, **kwargs)
                raise fault.error
            if fault is not None:
                raise fault
            return real(*args, **kwargs)

        return call


def install(runtime: Runtime, inner: PaymentGateway) -> FaultyGateway:
    """Make requests and jobs of this runtime use a faulty gateway around inner."""
    faulty = FaultyGateway(inner)
    runtime.payment_gateway = faulty
    return faulty


@contextmanager
def held_by_another_request(runtime: Runtime) -> Iterator[None]:
    """The (only) reader's membership claim, held as a live request elsewhere would hold it."""
    with runtime.sessions() as db:
        user_id = db.query(BillingCustomer).one().user_id
    with try_claim(runtime, MEMBERSHIP_CLAIM, user_id) as held:
        assert held
        yield
