"""Background work of billing: gateway webhooks (outbox topic "billing.webhook") and, in
sandbox mode, the gateway's own billing cycle.

A webhook only says that something happened to a subscription; the handler reads the
subscription as it stands from the gateway and overwrites the local copy. Repeated,
reordered or stale notifications therefore all end in the same state (idempotent), and the
conversion of a first payment is sent once (converted_at).
"""

from __future__ import annotations

import logging
from typing import Any

from masthead.billing.gateway import NOT_FOUND, GatewayError
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.memberships import receipts, repository, sync
from masthead.billing.memberships.normalise import copy_info
from masthead.deps import Runtime

log = logging.getLogger(__name__)

CYCLE_INTERVAL_SECONDS = 60.0  # billing is by calendar day: once a minute is prompt enough


def handle_webhook(runtime: Runtime, payload: dict[str, Any]) -> None:
    gw = gateway_of(runtime)
    try:
        note = gw.parse_webhook(str(payload["bt_signature"]), str(payload["bt_payload"]))
    except (GatewayError, KeyError) as exc:  # forged or malformed: retrying cannot help
        log.warning("billing webhook refused: %s", exc)
        return
    if note.subscription_id is None:
        return
    try:  # read outside any local transaction (see service.py on SQLite)
        info = gw.find_subscription(note.subscription_id)
    except GatewayError as exc:
        if exc.code == NOT_FOUND:
            log.info("billing webhook for unknown subscription %s", note.subscription_id)
            return
        raise  # unavailable: the outbox retries with backoff
    with runtime.sessions.begin() as db:
        row = repository.subscription(db, info.id)
        if row is None:
            # Not (yet) ours: a subscribe's own notifications can arrive before its request
            # commits; that request stores the subscription as the gateway answered it.
            log.info("billing webhook %s for unrecorded subscription %s", note.kind, info.id)
            return
        copy_info(row, info)
        sync.convert_once(db, runtime, row)
        sync.end_pause_when_restarted(db, runtime, row)
        receipts.charged(db, runtime, row)  # once per charge: a repeated webhook sends none


def run_sandbox_cycle(runtime: Runtime) -> None:
    """Renewals, trial ends and declines of the embedded sandbox (no-op with real Braintree,
    which bills on its own)."""
    if runtime.settings.payments != "sandbox":
        return
    gateway_of(runtime).run_billing_cycle()
