"""The background work of every domain, wired together: which function runs each outbox topic
and which hooks the worker runs every so often. The one place to look when adding background
work; app.py (the in-process worker) and worker.py (worker processes) hand it to the runner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from masthead.billing.api import (
    CYCLE_INTERVAL_SECONDS,
    RECONCILE_SUBSCRIBES_SECONDS,
    RETRY_CHECK_SECONDS,
    SETTLE_TOPIC,
    STEP_UP_CHECK_SECONDS,
    end_paid_memberships,
    handle_settle_job,
    handle_webhook,
    reconcile_subscribes,
    retry_past_due,
    run_sandbox_cycle,
    run_step_ups,
)
from masthead.billing.api import (
    HOME_DELIVERY_CHECK_SECONDS as HOME_DELIVERY_SECONDS,
)
from masthead.billing.api import STARTED_TOPIC as HOME_DELIVERY_STARTED_TOPIC
from masthead.billing.api import WEBHOOK_TOPIC as BILLING_WEBHOOK_TOPIC
from masthead.billing.api import handle_started as handle_home_delivery_started
from masthead.deps import BackgroundWork, Runtime
from masthead.mail.delivery import deliver
from masthead.mail.service import MAIL_TOPIC
from masthead.newsletters.api import TOPIC as NEWSLETTER_TOPIC
from masthead.newsletters.api import push_change as push_newsletter_change
from masthead.texts.api import TOPIC as TEXT_TOPIC
from masthead.texts.api import deliver as deliver_text
from masthead.webhooks.forwarding import TOPIC as WEBHOOK_FORWARD_TOPIC
from masthead.webhooks.forwarding import deliver as deliver_webhook


def _send_mail(runtime: Runtime, payload: dict[str, Any]) -> None:
    deliver(
        runtime,
        to=payload["to"],
        subject=payload["subject"],
        text=payload["text"],
        html=payload.get("html"),
        headers=payload.get("headers"),
    )


HANDLERS: dict[str, Callable[[Runtime, dict[str, Any]], None]] = {
    MAIL_TOPIC: _send_mail,
    BILLING_WEBHOOK_TOPIC: handle_webhook,
    SETTLE_TOPIC: handle_settle_job,
    WEBHOOK_FORWARD_TOPIC: deliver_webhook,
    HOME_DELIVERY_STARTED_TOPIC: handle_home_delivery_started,
    NEWSLETTER_TOPIC: push_newsletter_change,
    TEXT_TOPIC: deliver_text,
}

# Work the worker loop runs every so often, not from the outbox: (seconds between runs, hook).
# A hook must be safe to run in several worker processes at once.
PERIODIC: list[tuple[float, Callable[[Runtime], None]]] = [
    (CYCLE_INTERVAL_SECONDS, run_sandbox_cycle),
    (RETRY_CHECK_SECONDS, retry_past_due),
    (STEP_UP_CHECK_SECONDS, run_step_ups),
    (HOME_DELIVERY_SECONDS, end_paid_memberships),
    (RECONCILE_SUBSCRIBES_SECONDS, reconcile_subscribes),
]


def background_work() -> BackgroundWork:
    """A fresh copy for one runtime (tests may add topics to theirs)."""
    return BackgroundWork(handlers=dict(HANDLERS), periodic=list(PERIODIC))
