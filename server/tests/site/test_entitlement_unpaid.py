"""Access without paying (issue 11): a subscribe scheduled far ahead answered 200 with no
charge and entitled the reader at once, through the decision engine and the content call,
and cancelling it kept access until its start date as Cancelled_Active. Only a payment
covering today (or a running trial, or home delivery) entitles; the start date is bounded.

Every check asks all the ways a page asks: the membership call, the decision engine and the
content call.
"""

from __future__ import annotations

from datetime import date

import pytest
from fastapi.testclient import TestClient

from masthead.billing.memberships.models import BillingSubscription
from masthead.braintree_sandbox.models import SandboxTransaction
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs.runner import drain_once
from tests.billing.api_helpers import PAY, count, membership, nonce, on, setup, sign_in, subscribe
from tests.braintree_sandbox.helpers import bill_due as advance
from tests.site.stories import (
    content_id,
    demo_story,
    engine_entitlement,
    get_content,
    page_nonce,
    seed,
)

MEMBERS = demo_story("main", "members")


def _access(client: TestClient) -> set[bool]:
    """Whether the reader may read the members' story, by every way it is asked."""
    answers = {membership(client)["isMember"]}
    assert engine_entitlement(client)["loggedIn"] is True
    answers.add(engine_entitlement(client)["entitled"])
    body = get_content(client, content_id(MEMBERS), page_nonce(client))
    assert body.status_code in (200, 403), body.text
    answers.add(body.status_code == 200)
    if body.status_code == 403:
        assert MEMBERS.body[0][:40] not in body.text
    return answers


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def test_a_start_date_far_ahead_is_refused(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, "sports-annual", nonce(sandbox), start_date="2099-12-31")
    assert (response.status_code, response.json()) == (
        400,
        {
            "type": "bad-request",
            "message": "The start_date field cannot be after 2027-02-22: a membership can "
            "start at most 3 months ahead.",
        },
    )
    assert count(runtime, BillingSubscription) == 0
    assert _access(client) == {False}


def test_a_scheduled_membership_gives_no_access_until_its_first_charge(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, "sports-annual", nonce(sandbox), start_date="2027-02-22")
    assert response.status_code == 200, response.text
    assert count(runtime, SandboxTransaction) == 0  # nothing charged
    assert membership(client)["status"] == "Pending"
    assert _access(client) == {False}

    on(clock, date(2027, 2, 22))  # its first billing date: charged, then it entitles
    assert advance(runtime).charged == [response.json()["grant_id"]]
    drain_once(runtime)
    assert membership(client)["status"] == "Active"
    assert _access(client) == {True}


def test_cancelling_a_scheduled_membership_is_not_cancelled_active(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    grant = subscribe(client, "sports-monthly", nonce(sandbox), start_date="2027-01-31")
    assert grant.status_code == 200, grant.text
    cancelled = client.delete(f"{PAY}/subscriptions/{grant.json()['grant_id']}")
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["paid_through_date"] is None  # never paid for
    state = membership(client)
    assert (state["status"], state["isMember"]) == ("Canceled", False)
    assert _access(client) == {False}
