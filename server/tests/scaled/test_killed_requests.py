"""A web process killed (kill -9) in the middle of a reader's subscribe, while the payment
gateway has made the subscription but not yet answered: the reader's retry, sent to another
process at once, takes over (no 15-second wait, no 409), finds what the gateway made and
answers it — one subscription, one charge, the membership shown."""

from __future__ import annotations

import threading
import time

import httpx

from tests.scaled.topology import Processes, register

PLAN = "sports-annual"
SUBSCRIBE = "/blaize/payment/braintree/subscribe"
SUBSCRIPTIONS = "/blaize/payment/braintree/subscriptions"


def _signed_in(topology: Processes, base: str) -> tuple[httpx.Client, str]:
    email = f"killed-{time.monotonic_ns()}@example.com"
    client = httpx.Client(headers={"Origin": topology.public_url}, timeout=30)
    register(client, base, email)
    return client, email


# The reader's subscriptions at the gateway (the sandbox's tables), by their state.
AT_GATEWAY = (
    "SELECT s.{column} FROM bt_sandbox_subscriptions s JOIN bt_sandbox_payment_methods m"
    " ON m.token = s.payment_method_token JOIN billing_customers c"
    " ON c.customer_id = m.customer_id JOIN users u ON u.id = c.user_id"
    " WHERE u.email = %s AND s.status IN ({states})"
)


def _at_gateway(topology: Processes, email: str, column: str, *states: str) -> list[object]:
    query = AT_GATEWAY.format(column=column, states=", ".join(f"'{s}'" for s in states))
    return [row[0] for row in topology.sql(query, email)]


def _wait_for(check: object, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(check) and check():
            return
        time.sleep(0.05)
    raise AssertionError("it did not happen in time")


def test_a_retry_after_a_killed_subscribe_finishes_it_at_once(topology: Processes) -> None:
    a, b = topology.web[2], topology.web[1]  # killed, then the retry's
    client, email = _signed_in(topology, a)
    subscribe = SUBSCRIBE
    dying: dict[str, object] = {}

    def first() -> None:
        try:
            dying["answer"] = client.post(
                f"{a}{subscribe}", json={"payment_nonce": "fake-valid-visa-nonce", "plan_id": PLAN}
            )
        except httpx.HTTPError as exc:  # the process died under it
            dying["error"] = exc

    thread = threading.Thread(target=first)
    thread.start()
    _wait_for(lambda: _at_gateway(topology, email, "id", "Active"))  # made; answered late
    topology.kill_web(2)
    thread.join(10)
    assert "error" in dying, dying  # the first request never answered
    [gateway_id] = _at_gateway(topology, email, "id", "Active")
    stored = (
        "SELECT s.id FROM billing_subscriptions s JOIN users u ON u.id = s.user_id"
        " WHERE u.email = %s"
    )
    assert topology.sql(stored, email) == []  # Masthead does not show it yet

    started = time.monotonic()
    retry = client.post(f"{b}{subscribe}", json={"plan_id": PLAN})  # the card is vaulted
    took = time.monotonic() - started
    assert retry.status_code == 200, retry.text
    assert retry.json() == {"grant_id": gateway_id}
    assert took < 5, f"the retry waited {took:.1f} s"  # no claim left to wait out
    assert _at_gateway(topology, email, "id", "Active") == [gateway_id]  # one at the gateway
    assert topology.sql(stored, email) == [(gateway_id,)]
    charges = topology.sql(
        "SELECT count(*) FROM bt_sandbox_transactions WHERE subscription_id = %s", gateway_id
    )
    assert charges == [(1,)]
    state = client.get(f"{b}/blaize/payment/braintree/subscriptions").json()
    assert any(s.get("external-id") == gateway_id or s.get("id") == gateway_id for s in state)


def test_a_retry_after_a_killed_switch_finishes_it_at_once(topology: Processes) -> None:
    """Killed after the gateway cancelled the old plan and before it answered: the retry
    takes over at once and leaves exactly one live subscription, on the new plan."""
    a, b = topology.web[3], topology.web[1]  # killed, then the retry's
    client, email = _signed_in(topology, b)
    joined = client.post(
        f"{b}{SUBSCRIBE}",
        json={"payment_nonce": "fake-valid-visa-nonce", "plan_id": "sports-monthly"},
    )
    assert joined.status_code == 200, joined.text
    old = joined.json()["grant_id"]
    charged = _charges(topology, email)
    switch = {"action": "switch", "plan_id": PLAN}
    dying: dict[str, object] = {}

    def first() -> None:
        try:
            dying["answer"] = client.patch(f"{a}{SUBSCRIPTIONS}/{old}", json=switch)
        except httpx.HTTPError as exc:
            dying["error"] = exc

    thread = threading.Thread(target=first)
    thread.start()
    status = "SELECT status FROM bt_sandbox_subscriptions WHERE id = %s"
    _wait_for(lambda: topology.sql(status, old) == [("Canceled",)])
    topology.kill_web(3)
    thread.join(10)
    assert "error" in dying, dying

    started = time.monotonic()
    retry = client.patch(f"{b}{SUBSCRIPTIONS}/{old}", json=switch)
    took = time.monotonic() - started
    assert took < 10, f"the retry waited {took:.1f} s"
    assert retry.status_code in (200, 409), retry.text  # 409: the change was already made
    assert _at_gateway(topology, email, "plan_id", "Active", "Pending") == [PLAN]
    assert _charges(topology, email) == charged  # the switch charged nothing more
    shown = client.get(f"{b}{SUBSCRIPTIONS}").json()
    assert [s["plan_id"] for s in shown if s["subscription-state"] in ("active", "pending")] == [
        PLAN
    ]


def _charges(topology: Processes, email: str) -> int:
    [(count,)] = topology.sql(
        "SELECT count(*) FROM bt_sandbox_transactions t JOIN bt_sandbox_subscriptions s"
        " ON s.id = t.subscription_id JOIN bt_sandbox_payment_methods m"
        " ON m.token = s.payment_method_token JOIN billing_customers c"
        " ON c.customer_id = m.customer_id JOIN users u ON u.id = c.user_id WHERE u.email = %s",
        email,
    )
    assert isinstance(count, int)
    return count
