"""Which function runs each outbox topic: the one place to look when adding background work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from masthead.deps import Runtime
from masthead.mail.delivery import deliver
from masthead.mail.service import MAIL_TOPIC

Handler = Callable[[Runtime, dict[str, Any]], None]


def _send_mail(runtime: Runtime, payload: dict[str, Any]) -> None:
    deliver(runtime, to=payload["to"], subject=payload["subject"], text=payload["text"])


HANDLERS: dict[str, Handler] = {
    MAIL_TOPIC: _send_mail,
}
