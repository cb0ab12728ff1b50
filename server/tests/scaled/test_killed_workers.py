"""A job worker killed (kill -9) in the middle of a delivery: another worker takes the job over
once the dead one's lease lapses (MASTHEAD_JOB_LEASE_SECONDS, short here) and delivers it
again with the same idempotency key — the Message-ID of a mail, the `webhook-id` of a webhook
— so the receiver, which may have kept the first attempt, can drop the repeat. A referral
conversion, made by the worker's billing webhook job, killed half-way is redone and rewards
the referral once.

The receivers are the tests' own (receivers.py): each holds the delivery it was told to, whole
but unanswered, while the test kills the worker sending it (known by its connection's port).
Each test starts a new worker for the one it killed."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import httpx
import psycopg

from tests.scaled.receivers import Deliveries, MailServer, WebhookTarget
from tests.scaled.referred import conversions_sent, join_referred, referral_state, rewards
from tests.scaled.topology import Processes, register

SITE_API = "/wp-json/nyp-membership/v1"


def _reader(topology: Processes, label: str) -> tuple[httpx.Client, str, str]:
    email = f"{label}-{time.monotonic_ns()}@example.com"
    client = httpx.Client(headers={"Origin": topology.public_url}, timeout=30)
    tracking_id = register(client, topology.web[0], email)
    return client, email, tracking_id


def _kill_the_sender(topology: Processes, deliveries: Deliveries) -> str:
    """Kill the worker whose delivery is held, let the receiver go, start a new worker; the
    held delivery's key."""
    held = deliveries.wait_held()  # received whole; its worker waits for the answer
    topology.kill_worker(topology.worker_on_port(held.sender_port))
    deliveries.release()
    topology.start_worker()
    return held.key


def test_a_mail_whose_worker_was_killed_mid_delivery_is_sent_again_as_the_same_message(
    topology: Processes, mail_server: MailServer
) -> None:
    mail = mail_server.deliveries
    mail.hold_next()
    _, email, _ = _reader(topology, "mail-killed")  # a welcome mail, queued
    held = _kill_the_sender(topology, mail)

    mail.wait_answered(held)
    assert held.startswith("<masthead-job-")  # the job's delivery key
    assert mail.keys.count(held) == 2  # the killed attempt and the one after the takeover
    assert mail.answered.count(held) == 1
    # The new reader's mail arrives (the held one, or the one queued behind it).
    deadline = time.monotonic() + 20
    while email not in {mail_server.mail[key][0] for key in list(mail.answered)}:
        assert time.monotonic() < deadline, "the reader's mail was not delivered"
        time.sleep(0.1)


def test_a_webhook_whose_worker_was_killed_mid_delivery_is_sent_again_with_its_id(
    topology: Processes, webhook_receiver: WebhookTarget
) -> None:
    hooks = webhook_receiver.deliveries
    client, _, _ = _reader(topology, "hook-killed")
    base = topology.web[0]
    nonce = client.get(f"{base}{SITE_API}/nonce").json()["nonce"]
    hooks.hold_next()
    queued = client.post(
        f"{base}{SITE_API}/webhook",
        data={"_ajax_nonce": nonce, "type": "article.read", "targetUrl": webhook_receiver.url},
    )
    assert queued.status_code == 202, queued.text
    event_id = queued.json()["id"]
    assert _kill_the_sender(topology, hooks) == event_id

    hooks.wait_answered(event_id)
    assert hooks.keys.count(event_id) == 2  # delivered again, as the same event
    assert hooks.answered.count(event_id) == 1


def test_a_referral_conversion_whose_worker_was_killed_half_way_rewards_once(
    topology: Processes,
) -> None:
    """The reader's trial ends at the gateway and its first charge converts their referral,
    in a worker's billing webhook job. That job is held in the middle of its transaction (the
    subscription copied, the programme's event stored, the referral's row locked by this
    test), its worker is killed there, and another worker runs the job again."""
    base = topology.web[0]
    client, _, tracking_id = _reader(topology, "referred")
    join_referred(base, tracking_id)
    joined = client.post(
        f"{base}/blaize/payment/braintree/subscribe",
        json={"payment_nonce": "fake-valid-visa-nonce", "plan_id": "sports-monthly"},
    )
    assert joined.status_code == 200, joined.text
    grant = joined.json()["grant_id"]
    assert referral_state(topology, tracking_id) == "PENDING"  # a trial converts nothing

    url = topology.database_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url) as held:
        held.execute(
            "SELECT 1 FROM referrals r JOIN referral_users u ON u.id = r.referred_id"
            " WHERE u.user_id = %s FOR UPDATE OF r",
            (tracking_id,),
        )
        # The trial ends today at the gateway; a worker runs the billing cycle as it starts.
        today = datetime.now(UTC).date()
        topology.sql(
            "UPDATE bt_sandbox_subscriptions SET next_billing_date = %s WHERE id = %s",
            today,
            grant,
        )
        [(last_job,)] = topology.sql("SELECT coalesce(max(id), 0) FROM outbox_jobs")
        topology.start_worker()
        port = _waiting_for_the_referral(topology)
        topology.kill_worker(topology.worker_on_port(port))  # nothing of it is committed
        held.rollback()
    assert referral_state(topology, tracking_id) == "PENDING"

    deadline = time.monotonic() + 20
    while referral_state(topology, tracking_id) != "CONVERTED" or _webhooks_due(topology, last_job):
        assert time.monotonic() < deadline, "the conversion was not redone"
        time.sleep(0.1)
    assert rewards(topology, tracking_id) == ["referred", "referrer"]  # one each
    assert conversions_sent(topology, tracking_id) == 1
    charges = topology.sql(
        "SELECT count(*) FROM bt_sandbox_transactions WHERE subscription_id = %s", grant
    )
    assert charges == [(1,)]


def _waiting_for_the_referral(topology: Processes) -> int:
    """Once a worker's transaction waits for the referral's row (its conversion): the port
    of that worker's database connection."""
    deadline = time.monotonic() + 20
    waiting = (
        "SELECT client_port FROM pg_stat_activity WHERE datname = current_database()"
        " AND wait_event_type = 'Lock' AND query LIKE 'UPDATE referrals %%'"
    )
    while not (rows := topology.sql(waiting)):
        assert time.monotonic() < deadline, "no worker reached the conversion"
        time.sleep(0.05)
    [(port,)] = rows
    assert isinstance(port, int)
    return port


def _webhooks_due(topology: Processes, after_job: object) -> bool:
    """The gateway's notifications of the charge (queued by the cycle) not yet handled."""
    [(count,)] = topology.sql(
        "SELECT count(*) FROM outbox_jobs WHERE topic = 'billing.webhook'"
        " AND status = 'pending' AND id > %s",
        after_job,
    )
    return bool(count)
