"""The membership answer after plan changes, cancels, resumes and restarts: the plan shown is
the reader's latest choice, the access date is the last day paid for, a resume on the same
plan is no plan change, and a restarted free trial is still a free trial."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import PAY, membership, nonce, setup, sign_in, subscribe


def _subscribed(client: TestClient, runtime: Runtime, plan: str, **extra: Any) -> str:
    """Subscribed on 2026-11-22 (the test clock)."""
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, plan, nonce(sandbox), **extra)
    assert response.status_code == 200, response.text
    grant: str = response.json()["grant_id"]
    return grant


def _change(client: TestClient, grant: str, **body: Any) -> dict[str, Any]:
    response = client.patch(f"{PAY}/subscriptions/{grant}", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def _cancel(client: TestClient, grant: str) -> dict[str, Any]:
    response = client.delete(f"{PAY}/subscriptions/{grant}")
    assert response.status_code == 200, response.text
    cancelled: dict[str, Any] = response.json()
    return cancelled


def test_a_cancelled_plan_change_shows_the_new_plan_until_the_paid_day(
    client: TestClient, runtime: Runtime
) -> None:
    grant = _subscribed(client, runtime, "sports-six-month", skip_trial_period=True)
    switched = _change(client, grant, action="switch", plan_id="sports-annual")
    changing = membership(client)
    assert changing["activeSubscription"]["plan"]["name"] == "Annual"
    assert changing["planChangeDate"] == "2027-05-22"  # the day after the paid six months
    _cancel(client, switched["subscription"]["id"])
    state = membership(client)
    assert state["status"] == "Cancelled_Active"
    assert state["activeSubscription"]["plan"]["name"] == "Annual"
    # Paid through May 21: the last day of access, whichever subscription is shown.
    assert state["accessUntil"] == "2027-05-21"
    assert state["planChangeDate"] is None


def test_a_resume_on_the_same_plan_is_no_plan_change(client: TestClient, runtime: Runtime) -> None:
    grant = _subscribed(client, runtime, "sports-six-month", skip_trial_period=True)
    paused = _change(client, grant, action="pause", pause_length=1)
    _change(client, paused["subscription"]["id"], action="resume")
    state = membership(client)
    assert state["activeSubscription"]["plan"]["name"] == "Six Months"
    assert (state["planChangeDate"], state["accessUntil"]) == (None, "2027-05-21")


def test_a_restarted_trial_is_still_a_free_trial(client: TestClient, runtime: Runtime) -> None:
    grant = _subscribed(client, runtime, "sports-monthly")  # a 7-day trial from Nov 22
    assert membership(client)["freeTrialUntil"] == "2026-11-28"
    _cancel(client, grant)
    cancelled = membership(client)
    assert (cancelled["status"], cancelled["accessUntil"]) == ("Cancelled_Active", "2026-11-28")
    _change(client, grant, action="restart")
    restarted = membership(client)
    assert restarted["isMember"] is True
    assert restarted["freeTrialUntil"] == "2026-11-28"  # the first charge is on Nov 29
    assert restarted["activeSubscription"]["next_billing_date"]["date"].startswith("2026-11-29")
    assert restarted["planChangeDate"] is None


def test_after_pause_resume_switch_and_cancel_the_last_choice_is_shown(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = _subscribed(client, runtime, "sports-six-month", skip_trial_period=True)
    step = iter(range(1, 10))

    def later() -> None:  # each change a moment after the last, as a reader makes them
        clock.at += timedelta(minutes=next(step))

    later()
    paused = _change(client, grant, action="pause", pause_length=2)["subscription"]
    later()
    resumed = _change(client, paused["id"], action="resume")["subscription"]
    later()
    switched = _change(client, resumed["id"], action="switch", plan_id="sports-annual")
    later()
    _cancel(client, switched["subscription"]["id"])
    state = membership(client)
    # Not the cancelled pause (its restart in July lies furthest ahead): the Annual chosen last.
    assert state["activeSubscription"]["plan"]["name"] == "Annual"
    assert (state["status"], state["accessUntil"]) == ("Cancelled_Active", "2027-05-21")
