"""A web process killed (kill -9) in the middle of a reader's subscribe, plan switch or pause,
while the payment gateway has done its part but not yet answered: the reader's retry, sent to
another process at once, takes over (no 15-second wait), finds what the gateway did and
finishes it — one live subscription, no extra charge, the membership shown as changed, and a
referral the membership converts rewarded once."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import httpx

from tests.scaled.referred import conversions_sent, join_referred, referral_state, rewards
from tests.scaled.topology import Processes, register

PLAN = "sports-annual"
SUBSCRIBE = "/blaize/payment/braintree/subscribe"
SUBSCRIPTIONS = "/blaize/payment/braintree/subscriptions"
SITE_API = "/wp-json/nyp-membership/v1"


def _signed_in(topology: Processes, base: str) -> tuple[httpx.Client, str, str]:
    """A new reader's browser, their email and their tracking id."""
    email = f"killed-{time.monotonic_ns()}@example.com"
    client = httpx.Client(headers={"Origin": topology.public_url}, timeout=30)
    tracking_id = register(client, base, email)
    return client, email, tracking_id


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


def _killed_during(
    topology: Processes, index: int, request: Callable[[], object], done: Callable[[], bool]
) -> None:
    """Send `request` to web[index] and kill that process once the gateway has `done` its
    part (the sandbox answers late): the request never answers."""
    dying: dict[str, object] = {}

    def first() -> None:
        try:
            dying["answer"] = request()
        except httpx.HTTPError as exc:  # the process died under it
            dying["error"] = exc

    thread = threading.Thread(target=first)
    thread.start()
    _wait_for(done)
    topology.kill_web(index)
    thread.join(10)
    assert "error" in dying, dying  # the first request never answered


def _wait_for(check: object, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(check) and check():
            return
        time.sleep(0.05)
    raise AssertionError("it did not happen in time")


def test_a_retry_after_a_killed_subscribe_finishes_it_at_once(topology: Processes) -> None:
    a, b = topology.web[2], topology.web[1]  # killed, then the retry's
    client, email, _ = _signed_in(topology, a)
    gateway_id = _killed_subscribe(topology, 2, client, email)
    stored = (
        "SELECT s.id FROM billing_subscriptions s JOIN users u ON u.id = s.user_id"
        " WHERE u.email = %s"
    )
    assert topology.sql(stored, email) == []  # Masthead does not show it yet

    started = time.monotonic()
    retry = client.post(f"{b}{SUBSCRIBE}", json={"plan_id": PLAN})  # the card is vaulted
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
    b = topology.web[1]
    client, email, _ = _signed_in(topology, b)
    old = _joined(client, b, "sports-monthly")
    charged = _charges(topology, email)
    _change_killed_then_retried(topology, 3, client, old, {"action": "switch", "plan_id": PLAN})
    assert _at_gateway(topology, email, "plan_id", "Active", "Pending") == [PLAN]
    assert _charges(topology, email) == charged  # the switch charged nothing more
    shown = client.get(f"{b}{SUBSCRIPTIONS}").json()
    assert [s["plan_id"] for s in shown if s["subscription-state"] in ("active", "pending")] == [
        PLAN
    ]


def _change_killed_then_retried(
    topology: Processes, index: int, client: httpx.Client, old: str, change: dict[str, object]
) -> httpx.Response:
    """The change sent to web[index], killed once the gateway has cancelled the old plan (and
    not yet answered), then sent again to web[1]: answered at once, 200, or 409 when the
    dead request's change had already landed."""
    killed, other = topology.web[index], topology.web[1]
    _killed_during(
        topology,
        index,
        lambda: client.patch(f"{killed}{SUBSCRIPTIONS}/{old}", json=change),
        lambda: _cancelled(topology, old),
    )
    started = time.monotonic()
    retry = client.patch(f"{other}{SUBSCRIPTIONS}/{old}", json=change)
    took = time.monotonic() - started
    assert took < 10, f"the retry waited {took:.1f} s"
    assert retry.status_code in (200, 409), retry.text
    return retry


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


def test_a_retry_after_a_killed_pause_finishes_it_at_once(topology: Processes) -> None:
    """Killed after the gateway scheduled the membership's return and cancelled the running
    one: the retry settles the pause the dead request left (answering that the membership is
    paused already) and the reader is paused once, with one subscription to come back."""
    b = topology.web[1]
    client, email, _ = _signed_in(topology, b)
    old = _joined(client, b, PLAN)  # paid for now: no trial, which could not be paused
    charged = _charges(topology, email)
    _change_killed_then_retried(topology, 4, client, old, {"action": "pause", "pause_length": 1})
    assert _at_gateway(topology, email, "status", "Active", "Pending") == ["Pending"]
    assert _charges(topology, email) == charged  # nothing charged until the pause ends
    nonce = client.get(f"{b}{SITE_API}/nonce").json()["nonce"]
    membership = client.get(f"{b}{SITE_API}/membership", params={"_ajax_nonce": nonce}).json()
    assert (membership["status"], membership["pausedLength"]) == ("Active_Paused", 1)
    shown = client.get(f"{b}{SUBSCRIPTIONS}").json()
    assert [s["subscription-state"] for s in shown if s["id"] != old] == ["pending"]


def test_a_retry_after_a_killed_subscribe_converts_the_referral_once(
    topology: Processes,
) -> None:
    """A referred reader's paid subscribe converts their referral in the same transaction as
    the membership it stores: killed after the gateway charged, the retry stores both."""
    b = topology.web[1]  # the retry's; web[5] is killed
    client, email, tracking_id = _signed_in(topology, b)
    join_referred(b, tracking_id)
    gateway_id = _killed_subscribe(topology, 5, client, email)
    assert referral_state(topology, tracking_id) == "PENDING"  # the dead request's was undone

    retry = client.post(f"{b}{SUBSCRIBE}", json={"plan_id": PLAN})
    assert retry.status_code == 200, retry.text
    assert retry.json() == {"grant_id": gateway_id}
    assert referral_state(topology, tracking_id) == "CONVERTED"
    assert rewards(topology, tracking_id) == ["referred", "referrer"]  # one each
    assert conversions_sent(topology, tracking_id) == 1
    assert _charges(topology, email) == 1


def _killed_subscribe(topology: Processes, index: int, client: httpx.Client, email: str) -> str:
    """A subscribe to PLAN with a new card through web[index], killed once the gateway made
    the subscription (and charged it): the subscription's id."""
    base = topology.web[index]
    card = {"payment_nonce": "fake-valid-visa-nonce", "plan_id": PLAN}
    _killed_during(
        topology,
        index,
        lambda: client.post(f"{base}{SUBSCRIBE}", json=card),
        lambda: bool(_at_gateway(topology, email, "id", "Active")),  # made; answered late
    )
    [gateway_id] = _at_gateway(topology, email, "id", "Active")
    assert isinstance(gateway_id, str)
    return gateway_id


def _joined(client: httpx.Client, base: str, plan: str) -> str:
    joined = client.post(
        f"{base}{SUBSCRIBE}", json={"payment_nonce": "fake-valid-visa-nonce", "plan_id": plan}
    )
    assert joined.status_code == 200, joined.text
    grant: str = joined.json()["grant_id"]
    return grant


def _cancelled(topology: Processes, subscription_id: str) -> bool:
    status = "SELECT status FROM bt_sandbox_subscriptions WHERE id = %s"
    return topology.sql(status, subscription_id) == [("Canceled",)]
