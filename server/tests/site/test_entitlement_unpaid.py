"""Access without paying (issue 11): a subscribe scheduled far ahead answered 200 with no
charge and entitled the reader at once, through the decision engine and the content call,
and cancelling it kept access until its start date as Cancelled_Active. Only a payment
covering today (or a running trial, or home delivery) entitles; the start date is bounded.

Every check asks all the ways a page asks: the membership call, the decision engine with and
without its fast path, and the content call with and without the paywall's fast path.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.billing.models import BillingSubscription
from masthead.billing.sandbox.cycles import advance
from masthead.billing.sandbox.models import SandboxTransaction
from masthead.clock import FrozenClock
from masthead.decisions.fastpath import DecisionFastPath
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.jobs.runner import drain_once
from masthead.settings import Settings
from masthead.site.fastpath import PaywallFastPath
from tests.billing.api_helpers import PAY, count, membership, nonce, on, setup, sign_in, subscribe
from tests.conftest import TEST_ORIGIN, app_without
from tests.site.stories import (
    content_id,
    demo_story,
    engine_entitlement,
    get_content,
    page_nonce,
    seed,
)

MEMBERS = demo_story("main", "members")


@pytest.fixture
def routes_only(settings: Settings, clock: FrozenClock) -> Iterator[TestClient]:
    """The same application without either fast path: the declared routes answer."""
    with (
        app_without(DecisionFastPath, settings, clock) as without_decisions,
        TestClient(_without(without_decisions, PaywallFastPath), base_url=TEST_ORIGIN) as plain,
    ):
        yield plain


def _without(app: FastAPI, middleware: type) -> FastAPI:
    app.user_middleware = [m for m in app.user_middleware if m.cls is not middleware]
    return app


def _access(client: TestClient, plain: TestClient) -> set[bool]:
    """Whether the reader may read the members' story, by every way it is asked."""
    plain.cookies.set(SESSION_COOKIE, client.cookies.get(SESSION_COOKIE) or "")
    answers = {membership(client)["isMember"]}
    for asker in (client, plain):
        assert engine_entitlement(asker)["loggedIn"] is True
        answers.add(engine_entitlement(asker)["entitled"])
        body = get_content(asker, content_id(MEMBERS), page_nonce(asker))
        assert body.status_code in (200, 403), body.text
        answers.add(body.status_code == 200)
        if body.status_code == 403:
            assert MEMBERS.body[0][:40] not in body.text
    return answers


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def test_a_start_date_far_ahead_is_refused(
    client: TestClient, runtime: Runtime, routes_only: TestClient
) -> None:
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
    assert _access(client, routes_only) == {False}


def test_a_scheduled_membership_gives_no_access_until_its_first_charge(
    client: TestClient, runtime: Runtime, clock: FrozenClock, routes_only: TestClient
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, "sports-annual", nonce(sandbox), start_date="2027-02-22")
    assert response.status_code == 200, response.text
    assert count(runtime, SandboxTransaction) == 0  # nothing charged
    assert membership(client)["status"] == "Pending"
    assert _access(client, routes_only) == {False}

    on(clock, date(2027, 2, 22))  # its first billing date: charged, then it entitles
    assert advance(runtime).charged == [response.json()["grant_id"]]
    drain_once(runtime)
    assert membership(client)["status"] == "Active"
    assert _access(client, routes_only) == {True}


def test_cancelling_a_scheduled_membership_is_not_cancelled_active(
    client: TestClient, runtime: Runtime, routes_only: TestClient
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
    assert _access(client, routes_only) == {False}
