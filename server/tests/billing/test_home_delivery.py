"""Home delivery: the print system grants and revokes the free sports membership through the
operator API; the reader (with a verified address: test_home_delivery_verification.py) sees it
in the data layer and on the membership page."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.home_delivery.cli import main as cli
from masthead.billing.home_delivery.service import ENDED_MESSAGE, STARTED_TOPIC
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import drain_once
from masthead.mail.service import MAIL_TOPIC
from masthead.settings import Settings
from tests.billing.api_helpers import membership, nonce, setup, sign_in_verified, subscribe
from tests.billing.faults import install, unavailable
from tests.billing.test_api_changes import charges, gateway_subscriptions, run_billing_day
from tests.braintree_sandbox.helpers import sandbox_of

KEY = "print-system-secret"
URL = "/operator/v1/home-delivery"
AUTH = {"Authorization": f"Bearer {KEY}"}


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"home_delivery_key": KEY})


def start(client: TestClient, email: str = "ada@example.com") -> Any:
    response = client.put(f"{URL}/{email}", headers=AUTH)
    assert response.status_code == 200, response.text
    return response.json()


def end(client: TestClient, email: str = "ada@example.com") -> Any:
    response = client.delete(f"{URL}/{email}", headers=AUTH)
    assert response.status_code == 200, response.text
    return response.json()


def products(client: TestClient) -> list[str]:
    response = client.get("/blaize/datalayer")
    assert response.status_code == 200, response.text
    found: list[str] = response.json()["dataLayer"]["products"]
    return found


def jobs(runtime: Runtime, topic: str) -> list[dict[str, Any]]:
    with runtime.sessions() as db:
        rows = db.scalars(select(OutboxJob).where(OutboxJob.topic == topic).order_by(OutboxJob.id))
        return [dict(row.payload) for row in rows]


def test_the_operator_api_needs_the_key(client: TestClient, runtime: Runtime) -> None:
    assert client.put(f"{URL}/ada@example.com").status_code == 401
    wrong = client.put(f"{URL}/ada@example.com", headers={"Authorization": "Bearer guess"})
    assert (wrong.status_code, wrong.json()["type"]) == (401, "unauthorized")
    assert wrong.headers["www-authenticate"] == "Bearer"
    bad = client.put(f"{URL}/not-an-address", headers=AUTH)
    assert (bad.status_code, bad.json()["message"]) == (400, "Please enter a valid email address.")
    assert jobs(runtime, STARTED_TOPIC) == []


def test_the_operator_api_is_absent_without_a_key(
    client: TestClient, runtime: Runtime, settings: Settings
) -> None:
    runtime.settings = settings.model_copy(update={"home_delivery_key": ""})
    assert client.put(f"{URL}/ada@example.com", headers=AUTH).status_code == 404
    assert client.get(f"{URL}/ada@example.com", headers=AUTH).status_code == 404


def test_a_home_delivery_reader_is_a_member_without_paying(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in_verified(client, runtime)
    assert products(client) == []
    granted = start(client, "Ada@Example.com")
    assert (granted["email"], granted["active"], granted["account"]) == (
        "ada@example.com",
        True,
        True,
    )
    assert granted["accountVerified"] is True
    assert products(client) == ["hd-sports-membership"]
    state = membership(client)
    assert state["status"] == "Active"
    assert state["isMember"] is True
    assert state["homeDelivery"] is True
    assert state["activeSubscription"] is None
    assert (state["paymentMessage"], state["homeDeliveryMessage"]) == (None, None)
    assert start(client) == granted  # idempotent: the same answer, no second job
    assert len(jobs(runtime, STARTED_TOPIC)) == 1
    refused = subscribe(client, "sports-monthly", nonce(sandbox))
    assert (refused.status_code, refused.json()["type"]) == (409, "home-delivery")
    assert "included with your home delivery subscription" in refused.json()["message"]
    assert charges(runtime) == []


def test_a_grant_waits_for_the_reader_to_register(client: TestClient, runtime: Runtime) -> None:
    setup(runtime)
    granted = start(client, "grace@example.com")
    assert (granted["active"], granted["account"]) == (True, False)
    drain_once(runtime)  # the grant's job: no account, nothing paid to end
    sign_in_verified(client, runtime, "grace@example.com")
    assert products(client) == ["hd-sports-membership"]
    assert membership(client)["homeDelivery"] is True


def test_a_paid_membership_ends_without_another_charge(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in_verified(client, runtime)
    response = subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True)
    assert response.status_code == 200, response.text
    start(client)
    drain_once(runtime)
    assert [status for _, status, _ in gateway_subscriptions(runtime)] == ["Canceled"]
    run_billing_day(runtime, clock, date(2026, 12, 22))
    run_billing_day(runtime, clock, date(2027, 1, 22))
    assert charges(runtime) == ["4.99"]  # the month paid before home delivery, nothing after
    state = membership(client)
    assert (state["status"], state["homeDelivery"], state["activeSubscription"]) == (
        "Active",
        True,
        None,
    )


def test_a_paused_membership_is_ended_and_unpaused(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in_verified(client, runtime)
    grant = subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True)
    paused = client.patch(
        f"/blaize/payment/braintree/subscriptions/{grant.json()['grant_id']}",
        json={"action": "pause", "pause_length": 2},
    )
    assert paused.status_code == 200, paused.text
    start(client)
    drain_once(runtime)
    assert {status for _, status, _ in gateway_subscriptions(runtime)} == {"Canceled"}
    assert products(client) == ["hd-sports-membership"]
    assert client.get("/blaize/datalayer").json()["dataLayer"]["paused"] is False


def test_ending_a_paid_membership_is_retried_until_the_gateway_answers(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in_verified(client, runtime)
    assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200
    faulty = install(runtime, sandbox_of(runtime))
    faulty.fail("cancel_subscription", unavailable())
    faulty.fail("find_subscription", unavailable())
    start(client)
    drain_once(runtime)
    assert [status for _, status, _ in gateway_subscriptions(runtime)] == ["Active"]
    clock.advance(timedelta(minutes=1))  # the outbox's backoff
    drain_once(runtime)
    assert [status for _, status, _ in gateway_subscriptions(runtime)] == ["Canceled"]
    assert membership(client)["homeDelivery"] is True


def test_a_grant_revoked_before_the_worker_ran_keeps_the_paid_membership(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in_verified(client, runtime)
    assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200
    start(client)
    end(client)
    drain_once(runtime)
    assert [status for _, status, _ in gateway_subscriptions(runtime)] == ["Active"]
    assert membership(client)["status"] == "Active"


def test_revoking_ends_the_free_membership_with_a_message(
    client: TestClient, runtime: Runtime
) -> None:
    setup(runtime)
    sign_in_verified(client, runtime)
    start(client)
    mails_before = len(jobs(runtime, MAIL_TOPIC))
    ended = end(client)
    assert (ended["active"], ended["endedAt"] is not None) == (False, True)
    assert products(client) == []
    for _ in range(2):  # the message survives a reload
        state = membership(client)
        assert (state["status"], state["isMember"], state["homeDelivery"]) == (
            "None",
            False,
            False,
        )
        assert state["homeDeliveryMessage"] == ENDED_MESSAGE
    assert end(client) == ended  # idempotent: one mail
    [mail] = jobs(runtime, MAIL_TOPIC)[mails_before:]
    assert (mail["to"], mail["subject"]) == (
        "ada@example.com",
        "Your free sports membership has ended",
    )
    assert ENDED_MESSAGE in mail["text"]

    assert client.delete("/wp-json/nyp-membership/v1/home-delivery-notice").status_code == 204
    assert membership(client)["homeDeliveryMessage"] is None
    start(client)
    end(client)  # a later cancellation says so again
    assert membership(client)["homeDeliveryMessage"] == ENDED_MESSAGE


def test_subscribing_after_home_delivery_ended_clears_the_message(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in_verified(client, runtime)
    assert subscribe(client, "sports-monthly", nonce(sandbox)).status_code == 200
    start(client)
    drain_once(runtime)
    end(client)
    state = membership(client)
    # The old paid membership was cancelled when home delivery began: the message explains
    # the end, not the "inactive account" alert.
    assert (state["homeDeliveryMessage"], state["paymentMessage"]) == (ENDED_MESSAGE, None)
    clock.advance(timedelta(seconds=1))
    again = subscribe(client, "sports-annual", nonce(sandbox))
    assert again.status_code == 200, again.text
    state = membership(client)
    assert (state["status"], state["homeDeliveryMessage"]) == ("Active", None)


def test_the_operator_can_use_the_command_line(
    client: TestClient, runtime: Runtime, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    setup(runtime)
    sign_in_verified(client, runtime)
    assert cli(["grant", "ADA@example.com"], settings=settings) == 0
    assert '"active": true' in capsys.readouterr().out
    assert products(client) == ["hd-sports-membership"]
    assert cli(["revoke", "ada@example.com"], settings=settings) == 0
    assert membership(client)["homeDeliveryMessage"] == ENDED_MESSAGE
    assert cli(["show", "nobody"], settings=settings) == 2
