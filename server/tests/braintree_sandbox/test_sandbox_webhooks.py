"""Sandbox webhooks are signed as Braintree signs them: the official SDK parses them."""

from __future__ import annotations

import base64
import re
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

import pytest

from masthead.billing.gateway import INVALID_SIGNATURE, WEBHOOK_KINDS, GatewayError
from masthead.billing.gateway.braintree_gateway import BraintreeGateway
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.braintree_sandbox.helpers import bill_due


def test_every_kind_parses_with_the_sdk(
    sandbox: SandboxGateway, runtime: Runtime, clock: FrozenClock, webhooks: Webhooks
) -> None:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    good = sandbox.vault_payment_method("reader-1", "fake-valid-nonce").token
    bad = sandbox.vault_payment_method(
        "reader-1", "fake-processor-declined-visa-nonce", verify_card=False
    ).token
    trial = sandbox.create_subscription(good, "monthly-trial")
    failing = sandbox.create_subscription(good, "monthly")
    sandbox.update_subscription(failing.id, payment_method_token=bad)
    limited = sandbox.create_subscription(good, "two-cycles")
    canceled = sandbox.create_subscription(good, "monthly")
    sandbox.cancel_subscription(canceled.id)
    clock.at = datetime(2027, 1, 22, 9, tzinfo=UTC)
    bill_due(runtime)

    seen = set()
    for payload in webhooks.payloads():
        assert re.fullmatch(r"sandbox_public_key\|[0-9a-f]{40}", payload["bt_signature"])
        note = webhooks.parse(payload)
        assert note.subscription.id in {trial.id, failing.id, limited.id, canceled.id}
        assert note.subscription.status in ("Active", "Past Due", "Canceled", "Expired")
        assert isinstance(note.subscription.next_billing_date, date)
        seen.add(note.kind)
    assert seen == set(WEBHOOK_KINDS)


if TYPE_CHECKING:
    from tests.billing.conftest import Webhooks


def test_payload_is_base64_notification_xml(sandbox: SandboxGateway, webhooks: Webhooks) -> None:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    token = sandbox.vault_payment_method("reader-1", "fake-valid-nonce").token
    sub = sandbox.create_subscription(token, "monthly")
    payload = webhooks.payloads()[-1]["bt_payload"]
    xml = base64.b64decode(payload).decode()
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<notification>')
    assert '<timestamp type="datetime">2026-11-22T12:00:00Z</timestamp>' in xml
    assert "<kind>subscription_charged_successfully</kind>" in xml
    assert f"<subject><subscription><id>{sub.id}</id>" in xml


def test_adapter_and_sandbox_parse_the_same(
    sandbox: SandboxGateway, runtime: Runtime, webhooks: Webhooks
) -> None:
    sandbox.create_customer("reader-1", "ann@example.com", "Ann Reader")
    token = sandbox.vault_payment_method("reader-1", "fake-valid-nonce").token
    sub = sandbox.create_subscription(token, "monthly")
    adapter = BraintreeGateway(runtime.settings)
    for payload in webhooks.payloads():
        ours = sandbox.parse_webhook(payload["bt_signature"], payload["bt_payload"])
        theirs = adapter.parse_webhook(payload["bt_signature"], payload["bt_payload"])
        assert ours == theirs
        assert ours.subscription_id == sub.id
        assert ours.timestamp == datetime(2026, 11, 22, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda sig, payload: (sig, payload[:-10] + "AAAAAAAAA\n"),
        lambda sig, payload: (sig.replace("sandbox_public_key", "another_key"), payload),
        lambda sig, payload: (sig[:-1] + ("0" if sig[-1] != "0" else "1"), payload),
        lambda sig, payload: (sig, payload + "<"),
    ],
)
def test_tampered_notifications_are_refused(
    sandbox: SandboxGateway, runtime: Runtime, tamper: object
) -> None:
    sample = sandbox.sample_webhook("subscription_canceled", "abc123")
    signature, payload = tamper(sample["bt_signature"], sample["bt_payload"])  # type: ignore[operator]
    with pytest.raises(GatewayError, match=f"^{INVALID_SIGNATURE}"):
        sandbox.parse_webhook(signature, payload)
    with pytest.raises(GatewayError, match=f"^{INVALID_SIGNATURE}"):
        BraintreeGateway(runtime.settings).parse_webhook(signature, payload)


def test_sample_for_an_unknown_subscription(sandbox: SandboxGateway) -> None:
    sample = sandbox.sample_webhook("subscription_expired", "gone42")
    parsed = sandbox.parse_webhook(sample["bt_signature"], sample["bt_payload"])
    assert (parsed.kind, parsed.subscription_id) == ("subscription_expired", "gone42")
