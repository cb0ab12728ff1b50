"""The SMS adapter: one small interface, chosen by the wiring (masthead/wiring.py puts it on
the runtime, as it does the payment gateway), so this domain never names the stand-in.

Every text is queued in the outbox in the transaction of the change that causes it, with an
idempotency key of its own; the worker hands it to the sender, which must send a key at most
once (a job delivered twice sends one text). A real provider is one more class here with the
same `send`, passing the key as the provider's idempotency key.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from sqlalchemy.orm import Session

from masthead.clock import Clock
from masthead.deps import Runtime
from masthead.jobs.api import enqueue

TOPIC = "texts.send"


class SmsSender(Protocol):
    def send(self, to_e164: str, body: str, key: str) -> None:
        """Send one text unless one with this key was sent; raise to have the outbox retry."""


def queue_text(db: Session, clock: Clock, *, to: str, body: str, key: str) -> None:
    enqueue(db, clock, TOPIC, {"to": to, "body": body, "key": key})


def sender_of(runtime: Runtime) -> SmsSender:
    sender = runtime.sms_sender
    if sender is None:
        raise RuntimeError("no SMS sender is wired into this runtime")
    return cast(SmsSender, sender)


def deliver(runtime: Runtime, payload: dict[str, Any]) -> None:
    """The outbox handler of TOPIC."""
    sender_of(runtime).send(str(payload["to"]), str(payload["body"]), str(payload["key"]))
