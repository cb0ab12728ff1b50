"""After subscribing: cancelling, renewals that fail, webhooks, the referral conversion and
the worker's periodic billing cycle."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.gateway import WEBHOOK_TOPIC
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.webhook_handler import handle_webhook, run_sandbox_cycle
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs import runner
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import drain_once
from masthead.referrals.models import Referral, Reward, UserEvent
from tests.billing.api_helpers import PAY, count, membership, nonce, on, setup, sign_in, subscribe
from tests.braintree_sandbox.helpers import bill_due
from tests.referrals.helpers import encoded, referral_cookie, upsert
from tests.referrals.helpers import seed as seed_referrals


def _grant(response: Any) -> str:
    assert response.status_code == 200, response.text
    grant: str = response.json()["grant_id"]
    return grant


def test_cancel_keeps_access_until_paid_through(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    grant = _grant(subscribe(client, "sports-annual", nonce(sandbox)))
    response = client.request(
        "DELETE",
        f"{PAY}/subscriptions/{grant}",
        json={"cancel-reason": "price", "cancel-reason-text": "Too dear"},
    )
    assert response.status_code == 200, response.text
    cancelled = response.json()
    assert (cancelled["subscription-state"], cancelled["ends"]) == ("cancelled", "2027-11-21")
    state = membership(client)
    assert (state["status"], state["isMember"]) == ("Cancelled_Active", True)
    assert state["activeSubscription"]["id"] == grant
    again = client.delete(f"{PAY}/subscriptions/{grant}")  # a retried DELETE is harmless
    assert (again.status_code, again.json()) == (200, cancelled)
    with runtime.sessions() as db:
        row = db.get(BillingSubscription, grant)
        assert row is not None and row.cancel_reason == "price"

    on(clock, date(2027, 11, 22))  # the paid year is over
    bill_due(runtime)  # nothing is charged for a cancelled subscription
    state = membership(client)
    assert (state["status"], state["isMember"], state["activeSubscription"]) == (
        "Canceled",
        False,
        None,
    )
    assert state["paymentMessage"] == "Your account is inactive. Please update your payment method."


def test_cancel_someone_elses_subscription_is_404(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    grant = _grant(subscribe(client, "sports-annual", nonce(sandbox)))
    client.post("/blaize/logout")
    sign_in(client, "eve@example.com")
    response = client.delete(f"{PAY}/subscriptions/{grant}")
    assert (response.status_code, response.json()["type"]) == (404, "subscription-not-found")
    assert client.delete(f"{PAY}/subscriptions/nope").status_code == 404


def test_failed_renewal_is_past_due(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    tracking_id = sign_in(client)
    grant = _grant(subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True))
    # The card starts declining (vaulted without the check that would refuse it).
    declining = sandbox.vault_payment_method(
        tracking_id, "fake-processor-declined-visa-nonce", verify_card=False
    )
    sandbox.update_subscription(grant, payment_method_token=declining.token)
    on(clock, date(2026, 12, 22))
    assert bill_due(runtime).declined == [grant]
    drain_once(runtime)
    state = membership(client)
    assert (state["status"], state["isMember"]) == ("Past Due", False)
    assert state["paymentMessage"] == (
        "Your membership billing is past due. Please update your payment method to continue."
    )
    assert state["activeSubscription"]["subscription-state"] == "past due"


def _webhook_payloads(runtime: Runtime) -> list[dict[str, Any]]:
    with runtime.sessions() as db:
        jobs = db.scalars(select(OutboxJob).where(OutboxJob.topic == WEBHOOK_TOPIC)).all()
        return [dict(job.payload) for job in jobs]


def test_webhooks_are_idempotent_and_forgeries_ignored(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    grant = _grant(subscribe(client, "sports-monthly", nonce(sandbox)))
    on(clock, date(2026, 11, 29))
    bill_due(runtime)
    payloads = _webhook_payloads(runtime)
    assert payloads
    for payload in payloads + payloads:  # replays, in any order, end in the same state
        handle_webhook(runtime, payload)
    with runtime.sessions() as db:
        row = db.get(BillingSubscription, grant)
        assert row is not None
        assert (len(row.transactions), row.current_billing_cycle) == (1, 1)
    forged = {**payloads[0], "bt_signature": "sandbox_public_key|00"}
    handle_webhook(runtime, forged)  # logged and dropped, not retried
    handle_webhook(runtime, sandbox.sample_webhook("subscription_went_active", "unknown"))


def _join_referral(client: TestClient, runtime: Runtime, tracking_id: str) -> None:
    """The reader arrived through a friend's link and joined the programme (pending)."""
    seed_referrals(runtime)
    code = upsert(client, "ref", "ref").json()["user"]["referralCode"]
    cookie = encoded(referral_cookie(code))
    response = upsert(client, tracking_id, tracking_id, cookies=cookie)
    assert response.status_code == 200, response.text


def _referral_status(runtime: Runtime) -> str:
    with runtime.sessions() as db:
        [referral] = db.scalars(select(Referral)).all()
        return referral.status


def test_first_payment_after_trial_converts_the_referral_once(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    tracking_id = sign_in(client)
    _join_referral(client, runtime, tracking_id)
    _grant(subscribe(client, "sports-monthly", nonce(sandbox)))
    assert _referral_status(runtime) == "PENDING"  # a free trial is not a paid membership
    on(clock, date(2026, 11, 29))
    bill_due(runtime)
    drain_once(runtime)
    assert _referral_status(runtime) == "CONVERTED"
    on(clock, date(2026, 12, 31))
    bill_due(runtime)  # a renewal sends nothing more
    drain_once(runtime)
    assert count(runtime, Reward) == 2
    with runtime.sessions() as db:
        keys = db.scalars(select(UserEvent.key).where(UserEvent.user_id == tracking_id)).all()
    assert list(keys).count("membership_started") == 1


def test_paid_start_converts_at_once(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    tracking_id = sign_in(client)
    _join_referral(client, runtime, tracking_id)
    _grant(subscribe(client, "sports-annual", nonce(sandbox)))
    assert _referral_status(runtime) == "CONVERTED"


def test_worker_loop_runs_the_sandbox_cycle_periodically(
    client: TestClient, runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    grant = _grant(subscribe(client, "sports-monthly", nonce(sandbox)))
    calls: list[str] = []

    def cycle(rt: Runtime) -> None:
        calls.append("cycle")
        run_sandbox_cycle(rt)

    monkeypatch.setattr(runtime.background, "periodic", [(3600.0, cycle)])
    last: dict[int, float] = {}
    on(clock, date(2026, 11, 29))
    runner.run_periodic(runtime, last)
    runner.run_periodic(runtime, last)  # within the interval: not again
    assert calls == ["cycle"]
    with runtime.sessions() as db:
        assert db.scalar(select(OutboxJob.id).where(OutboxJob.topic == WEBHOOK_TOPIC))
    drain_once(runtime)
    [sub] = client.get(f"{PAY}/subscriptions").json()
    assert (sub["id"], len(sub["transaction-history"])) == (grant, 1)


def test_the_periodic_cycle_is_registered_and_survives_failures(
    runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert runtime.background.handlers[WEBHOOK_TOPIC] is handle_webhook
    assert any(hook is run_sandbox_cycle for _, hook in runtime.background.periodic)

    def broken(_rt: Runtime) -> None:
        raise RuntimeError("database restarting")

    monkeypatch.setattr(runtime.background, "periodic", [(0.0, broken)])
    runner.run_periodic(runtime, {})  # logged, not raised
