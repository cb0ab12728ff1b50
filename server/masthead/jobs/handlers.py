"""Which function runs each outbox topic: the one place to look when adding background work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from masthead.billing.gateway import WEBHOOK_TOPIC as BILLING_WEBHOOK_TOPIC
from masthead.billing.home_delivery import PAID_CHECK_INTERVAL_SECONDS as HOME_DELIVERY_SECONDS
from masthead.billing.home_delivery import STARTED_TOPIC as HOME_DELIVERY_STARTED_TOPIC
from masthead.billing.home_delivery import end_paid_memberships
from masthead.billing.home_delivery import handle_started as handle_home_delivery_started
from masthead.billing.retries import CHECK_INTERVAL_SECONDS as RETRY_CHECK_SECONDS
from masthead.billing.retries import retry_past_due
from masthead.billing.settle import SETTLE_TOPIC, handle_settle_job
from masthead.billing.step_up import CHECK_INTERVAL_SECONDS as STEP_UP_CHECK_SECONDS
from masthead.billing.step_up import run_step_ups
from masthead.billing.webhook_handler import (
    CYCLE_INTERVAL_SECONDS,
    handle_webhook,
    run_sandbox_cycle,
)
from masthead.deps import Runtime
from masthead.mail.delivery import deliver
from masthead.mail.service import MAIL_TOPIC
from masthead.webhooks.forwarding import TOPIC as WEBHOOK_FORWARD_TOPIC
from masthead.webhooks.forwarding import deliver as deliver_webhook

Handler = Callable[[Runtime, dict[str, Any]], None]


def _send_mail(runtime: Runtime, payload: dict[str, Any]) -> None:
    deliver(
        runtime,
        to=payload["to"],
        subject=payload["subject"],
        text=payload["text"],
        html=payload.get("html"),
    )


HANDLERS: dict[str, Handler] = {
    MAIL_TOPIC: _send_mail,
    BILLING_WEBHOOK_TOPIC: handle_webhook,
    SETTLE_TOPIC: handle_settle_job,
    WEBHOOK_FORWARD_TOPIC: deliver_webhook,
    HOME_DELIVERY_STARTED_TOPIC: handle_home_delivery_started,
}

# Work the worker loop runs every so often, not from the outbox: (seconds between runs, hook).
# A hook must be safe to run in several worker processes at once.
PERIODIC: list[tuple[float, Callable[[Runtime], None]]] = [
    (CYCLE_INTERVAL_SECONDS, run_sandbox_cycle),
    (RETRY_CHECK_SECONDS, retry_past_due),
    (STEP_UP_CHECK_SECONDS, run_step_ups),
    (HOME_DELIVERY_SECONDS, end_paid_memberships),
]
