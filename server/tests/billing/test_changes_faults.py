"""Faults in the middle of a pause, resume or switch: the reader keeps one live subscription,
is told what happened, and a change whose request died is finished by the settle job."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.memberships import changes
from masthead.billing.memberships.settle import SETTLE_TOPIC
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import drain_once
from tests.billing.api_helpers import membership, profile
from tests.billing.faults import Crash, Lost, held_by_another_request, install, unavailable
from tests.billing.test_api_changes import change, charges, live_at_gateway, subscribed
from tests.braintree_sandbox.helpers import sandbox_of

PAUSE = {"action": "pause", "pause_length": 1}
SWITCH = {"action": "switch", "plan_id": "sports-annual"}


def settle_jobs(runtime: Runtime) -> list[str]:
    with runtime.sessions() as db:
        jobs = db.scalars(select(OutboxJob).where(OutboxJob.topic == SETTLE_TOPIC))
        return [job.status for job in jobs]


def later(runtime: Runtime, clock: FrozenClock) -> None:
    """Minutes later the worker runs what is due."""
    clock.at = clock.at + timedelta(minutes=5)
    drain_once(runtime)


def unchanged(client: TestClient, runtime: Runtime) -> None:
    state = membership(client)
    assert (state["status"], state["activeSubscription"]["plan_id"]) == (
        "Active",
        "sports-monthly",
    )
    assert live_at_gateway(runtime) == ["sports-monthly"]
    assert profile(runtime).get("paused", False) is False


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (PAUSE, "There was an error pausing your subscription"),
        (SWITCH, "There was an error updating subscriptions"),
    ],
)
def test_the_new_subscription_cannot_start(
    client: TestClient, runtime: Runtime, body: dict[str, Any], message: str
) -> None:
    grant = subscribed(client, runtime)
    gateway = install(runtime, sandbox_of(runtime))
    gateway.fail("create_subscription", unavailable())
    response = change(client, grant, **body)
    assert (response.status_code, response.json()) == (
        503,
        {"type": "change-failed", "message": message},
    )
    unchanged(client, runtime)
    assert settle_jobs(runtime) == ["done"]


def test_the_old_subscription_cannot_be_cancelled_so_the_new_one_is_undone(
    client: TestClient, runtime: Runtime
) -> None:
    grant = subscribed(client, runtime)
    gateway = install(runtime, sandbox_of(runtime))
    gateway.fail("cancel_subscription", unavailable())
    response = change(client, grant, **PAUSE)
    assert response.status_code == 503
    assert response.json()["message"] == "There was an error pausing your subscription"
    unchanged(client, runtime)
    assert settle_jobs(runtime) == ["done"]
    assert change(client, grant, **PAUSE).status_code == 200  # and it can be tried again


def test_the_gateway_goes_away_mid_change_and_the_job_undoes_it_later(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = subscribed(client, runtime)
    gateway = install(runtime, sandbox_of(runtime))
    # The old one cannot be cancelled, nor the new one, nor can anything be read back.
    gateway.fail("cancel_subscription", *[unavailable()] * 3)
    gateway.fail("find_subscription", *[unavailable()] * 3)
    response = change(client, grant, **SWITCH)
    assert response.status_code == 503
    assert sorted(live_at_gateway(runtime)) == ["sports-annual", "sports-monthly"]
    assert settle_jobs(runtime) == ["pending"]
    gateway.heal()
    later(runtime, clock)
    unchanged(client, runtime)
    assert settle_jobs(runtime) == ["done"]
    assert charges(runtime) == ["4.99"]


def test_a_lost_answer_to_the_create_is_undone_in_the_same_request(
    client: TestClient, runtime: Runtime
) -> None:
    grant = subscribed(client, runtime)
    gateway = install(runtime, sandbox_of(runtime))
    gateway.fail("create_subscription", Lost(unavailable()))  # it was created, nobody heard
    response = change(client, grant, **SWITCH)
    assert response.status_code == 503
    unchanged(client, runtime)


@pytest.mark.parametrize("crash_at", ["cancel_subscription", "find_subscription"])
def test_a_request_that_dies_is_settled_by_the_job(
    client: TestClient, runtime: Runtime, clock: FrozenClock, crash_at: str
) -> None:
    """Dying before the old one is cancelled undoes the change; after, completes it."""
    grant = subscribed(client, runtime)
    gateway = install(runtime, sandbox_of(runtime))
    gateway.fail(crash_at, Crash())
    with pytest.raises(Crash):
        change(client, grant, **PAUSE)
    # The dead request's claim died with it (masthead/claims.py): nothing to wait out.
    later(runtime, clock)
    assert settle_jobs(runtime) == ["done"]
    if crash_at == "cancel_subscription":
        unchanged(client, runtime)
    else:
        state = membership(client)
        assert (state["status"], state["pausedLength"]) == ("Active_Paused", 1)
        assert live_at_gateway(runtime) == ["sports-monthly"]  # the restart, pending
    assert charges(runtime) == ["4.99"]


def test_two_switches_at_the_same_moment_leave_one_live_subscription(
    client: TestClient, runtime: Runtime
) -> None:
    grant = subscribed(client, runtime)
    answers: list[Any] = [None, None]
    plans = ["sports-annual", "sports-six-month"]
    start = threading.Barrier(2)

    def go(index: int) -> None:
        start.wait()
        answers[index] = change(client, grant, action="switch", plan_id=plans[index])

    threads = [threading.Thread(target=go, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [200, 409], [a.text for a in answers]
    [loser] = [a for a in answers if a.status_code == 409]
    assert loser.json()["type"] == "subscription-changed"
    [winner] = [a for a in answers if a.status_code == 200]
    assert live_at_gateway(runtime) == [winner.json()["subscription"]["plan_id"]]


def test_a_change_waits_for_a_held_claim_then_answers_409(
    client: TestClient, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    grant = subscribed(client, runtime)
    monkeypatch.setattr(changes, "WAIT_SECONDS", 0.3)
    with held_by_another_request(runtime):
        response = change(client, grant, **SWITCH)
    assert (response.status_code, response.json()["type"]) == (409, "change-in-progress")
    assert live_at_gateway(runtime) == ["sports-monthly"]
