"""The mail a member gets after subscribing, changing plan, each renewal and cancelling: read
in the dev mailbox after the worker delivered it, with its amount, dates and the link to the
membership page, and never twice for the same charge or change."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.memberships.webhook_handler import handle_webhook
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import drain_once
from masthead.mail.delivery import build_message
from masthead.mail.service import MAIL_TOPIC
from tests.billing.api_helpers import PAY, nonce, on, setup, sign_in, subscribe
from tests.billing.conftest import Webhooks
from tests.braintree_sandbox.helpers import bill_due

LINK = "http://testserver/account/settings/membership"


def mailbox(client: TestClient, runtime: Runtime, subject: str) -> list[dict[str, Any]]:
    """The delivered mails with this subject, oldest first, after the worker ran."""
    while drain_once(runtime):
        pass
    response = client.get("/dev/mailbox.json", params={"to": "ada@example.com"})
    assert response.status_code == 200, response.text
    mails = [m for m in response.json() if m["subject"] == subject]
    return list(reversed(mails))


def subscribed(client: TestClient, runtime: Runtime, plan: str, **extra: Any) -> str:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, plan, nonce(sandbox), **extra)
    assert response.status_code == 200, response.text
    grant: str = response.json()["grant_id"]
    return grant


def test_subscribing_mails_a_receipt_with_the_charge_the_dates_and_the_link(
    client: TestClient, runtime: Runtime
) -> None:
    subscribed(client, runtime, "sports-six-month")
    [mail] = mailbox(client, runtime, "Your membership receipt")
    text = mail["text"]
    assert "Your Six Months membership has started." in text
    assert "Charged: $24.99 on November 22, 2026" in text
    assert "Paid through: May 21, 2027" in text
    assert "Next payment: $24.99 on May 22, 2027" in text
    assert f"Manage your membership: {LINK}" in text


def test_a_trial_receipt_says_when_the_first_charge_comes(
    client: TestClient, runtime: Runtime
) -> None:
    subscribed(client, runtime, "sports-monthly")
    [mail] = mailbox(client, runtime, "Your membership receipt")
    assert "free trial: nothing is charged until November 29, 2026" in mail["text"]
    assert "Next payment: $4.99 on November 29, 2026" in mail["text"]
    assert "Charged:" not in mail["text"]


def test_each_renewal_gets_one_receipt_however_often_its_webhook_comes(
    client: TestClient, runtime: Runtime, clock: FrozenClock, webhooks: Webhooks
) -> None:
    subscribed(client, runtime, "sports-monthly", skip_trial_period=True)
    on(clock, date(2026, 12, 22))
    assert bill_due(runtime).charged
    [receipt] = mailbox(client, runtime, "Your membership payment receipt")
    text = receipt["text"]
    assert "Charged: $4.99 on December 22, 2026" in text
    assert "Paid through: January 21, 2027" in text
    assert "Next payment: $4.99 on January 22, 2027" in text
    assert LINK in text
    # The first charge was on the subscribe's own receipt: it gets no second one.
    assert len(mailbox(client, runtime, "Your membership receipt")) == 1

    for payload in webhooks.payloads():  # every notification again, as a retrying gateway
        handle_webhook(runtime, payload)
    assert len(mailbox(client, runtime, "Your membership payment receipt")) == 1

    on(clock, date(2027, 1, 22))  # the next renewal is a new charge: a new receipt
    bill_due(runtime)
    later = mailbox(client, runtime, "Your membership payment receipt")
    assert len(later) == 2
    assert "Charged: $4.99 on January 22, 2027" in later[1]["text"]


def test_a_plan_change_is_confirmed_with_its_date_and_new_price(
    client: TestClient, runtime: Runtime
) -> None:
    grant = subscribed(client, runtime, "sports-monthly", skip_trial_period=True)
    body = {"action": "switch", "plan_id": "sports-annual"}
    response = client.patch(f"{PAY}/subscriptions/{grant}", json=body)
    assert response.status_code == 200, response.text
    [mail] = mailbox(client, runtime, "Your membership plan is changing")
    text = mail["text"]
    assert "changes from Monthly to Annual on December 22, 2026" in text
    assert "New plan: Annual" in text
    assert "Next payment: $39.99 on December 22, 2026" in text
    assert f"Manage your membership: {LINK}" in text


def test_cancelling_mails_until_when_the_membership_stays_active_once(
    client: TestClient, runtime: Runtime
) -> None:
    grant = subscribed(client, runtime, "sports-annual")
    for _ in range(2):  # a retried DELETE sends nothing more
        response = client.request("DELETE", f"{PAY}/subscriptions/{grant}", json={})
        assert response.status_code == 200, response.text
    [mail] = mailbox(client, runtime, "Your membership is cancelled")
    text = mail["text"]
    assert "It stays active, with all its benefits, through November 21, 2027" in text
    assert "You will not be charged again." in text
    assert LINK in text


def test_receipts_have_an_html_part_that_says_the_same(
    client: TestClient, runtime: Runtime
) -> None:
    subscribed(client, runtime, "sports-annual")
    with runtime.sessions() as db:
        jobs = db.scalars(select(OutboxJob).where(OutboxJob.topic == MAIL_TOPIC)).all()
        [job] = [j for j in jobs if j.payload["subject"] == "Your membership receipt"]
        html = str(job.payload["html"])
    assert "$39.99" in html
    assert f'href="{LINK}"' in html


def test_smtp_sends_the_receipt_as_text_and_html(client: TestClient, runtime: Runtime) -> None:
    subscribed(client, runtime, "sports-annual")
    with runtime.sessions() as db:
        jobs = db.scalars(select(OutboxJob).where(OutboxJob.topic == MAIL_TOPIC)).all()
        [payload] = [j.payload for j in jobs if j.payload["subject"] == "Your membership receipt"]
    message = build_message(
        runtime.settings,
        to=payload["to"],
        subject=payload["subject"],
        text=payload["text"],
        html=payload["html"],
        at=runtime.clock.now(),
    )
    assert message.get_content_type() == "multipart/alternative"
    plain, rich = message.get_body(("plain",)), message.get_body(("html",))
    assert plain is not None and rich is not None
    assert "Charged: $39.99" in plain.get_content()
    assert "$39.99" in rich.get_content()
