"""The embedded sandbox built from a test runtime's parts, as app.py and the worker build it."""

from __future__ import annotations

from masthead.braintree_sandbox.cycles import CHUNK, CycleReport, advance
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.deps import Runtime


def sandbox_of(runtime: Runtime) -> SandboxGateway:
    return SandboxGateway(runtime.sessions, runtime.clock, runtime.settings)


def bill_due(runtime: Runtime, chunk: int = CHUNK) -> CycleReport:
    """One run of the sandbox's recurring billing, as the worker's periodic hook runs it."""
    return advance(runtime.sessions, runtime.clock, runtime.settings, chunk)
