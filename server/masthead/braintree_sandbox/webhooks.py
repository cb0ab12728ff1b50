"""Webhook notifications signed exactly as Braintree signs them, delivered through the outbox.

bt_payload is base64 (76-column lines, as Braintree sends) of
`<notification><timestamp/><kind/><subject><subscription/></subject></notification>`;
bt_signature is `public_key|hex(HMAC-SHA1(key=SHA1(private_key), bt_payload))`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from datetime import datetime

from masthead.billing.api import (
    INVALID_SIGNATURE,
    WEBHOOK_TOPIC,
    GatewayError,
    SubscriptionInfo,
    WebhookInfo,
)
from masthead.braintree_sandbox import wire_shapes, wire_xml
from masthead.braintree_sandbox.context import Ctx
from masthead.jobs.api import enqueue
from masthead.settings import Settings


def signature(private_key: str, payload: str) -> str:
    key = hashlib.sha1(private_key.encode()).digest()  # noqa: S324 (Braintree's scheme)
    return hmac.new(key, payload.encode("ascii"), hashlib.sha1).hexdigest()


def notification(
    settings: Settings, kind: str, subject: SubscriptionInfo | str, at: datetime
) -> dict[str, str]:
    """{bt_signature, bt_payload} for a subscription (or a bare id when it is unknown)."""
    body = (
        wire_shapes.subscription(subject)
        if isinstance(subject, SubscriptionInfo)
        else {"id": subject, "transactions": wire_xml.Array("transaction", [])}
    )
    xml = wire_xml.render(
        "notification", {"timestamp": at, "kind": kind, "subject": {"subscription": body}}
    )
    payload = base64.encodebytes(xml).decode("ascii")
    signed = signature(settings.braintree_private_key, payload)
    return {"bt_signature": f"{settings.braintree_public_key}|{signed}", "bt_payload": payload}


def notify(ctx: Ctx, kind: str, subject: SubscriptionInfo) -> None:
    """Queue the notification in the caller's transaction: it leaves only if the change lands."""
    payload = notification(ctx.settings, kind, subject, ctx.now)
    if ctx.batch is not None:
        ctx.batch.webhooks.append(payload)  # queued with the rest of the billing run's chunk
    else:
        enqueue(ctx.db, ctx.clock, WEBHOOK_TOPIC, payload)


def parse(settings: Settings, bt_signature: str, bt_payload: str) -> WebhookInfo:
    """Verify and read a notification, refusing it as Braintree's SDK does."""
    if not bt_payload.isascii():
        raise GatewayError(INVALID_SIGNATURE, "payload contains illegal characters")
    expected = [
        sig
        for public_key, _, sig in (pair.partition("|") for pair in bt_signature.split("&"))
        if public_key == settings.braintree_public_key
    ]
    if not expected:
        raise GatewayError(INVALID_SIGNATURE, "no matching public key")
    # Braintree also accepts the payload with the newline a form post may have dropped.
    candidates = (bt_payload, bt_payload + "\n")
    if not any(
        hmac.compare_digest(signature(settings.braintree_private_key, c), expected[0])
        for c in candidates
    ):
        raise GatewayError(INVALID_SIGNATURE, "signature does not match payload")
    try:
        _, body = wire_xml.parse(base64.decodebytes(bt_payload.encode("ascii")))
    except (binascii.Error, wire_xml.XmlBodyError) as exc:
        raise GatewayError(INVALID_SIGNATURE, f"payload is not a notification: {exc}") from None
    timestamp = body.get("timestamp") if isinstance(body, dict) else None
    if not isinstance(timestamp, datetime):
        raise GatewayError(INVALID_SIGNATURE, "payload is not a notification")
    subject = body.get("subject")
    subscription = subject.get("subscription") if isinstance(subject, dict) else None
    return WebhookInfo(
        kind=str(body.get("kind", "")),
        subscription_id=subscription.get("id") if isinstance(subscription, dict) else None,
        timestamp=timestamp,
    )
