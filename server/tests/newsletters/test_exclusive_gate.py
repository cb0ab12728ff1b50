"""Exclusive lists: open to a member-like status or print home delivery, refused to others
with a sentence that says why."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.billing.api import grant_home_delivery
from masthead.deps import Runtime
from tests.billing.api_helpers import nonce as card_nonce
from tests.billing.api_helpers import setup, sign_in, sign_in_verified, subscribe
from tests.newsletters.helpers import EMAIL, call, ok, queued, seed


def test_a_reader_without_a_membership_cannot_join_an_exclusive_list(
    client: TestClient, runtime: Runtime
) -> None:
    ids = seed(runtime)
    sign_in(client)
    response = call(
        client, runtime, "update", subscribe=f"{ids['main-morning']},{ids['member-insider']}"
    )
    assert response.status_code == 403
    assert response.json()["type"] == "not-entitled"
    assert "Join the membership" in response.json()["message"]
    # Nothing half-written: the open list in the same request was not joined either.
    assert ok(call(client, runtime, "read"))["userinfo"]["list_subscriptions"] == []
    assert queued(runtime) == []


def test_a_member_joins_an_exclusive_list(client: TestClient, runtime: Runtime) -> None:
    ids = seed(runtime)
    sandbox = setup(runtime)
    sign_in(client)
    assert subscribe(client, "sports-monthly", card_nonce(sandbox)).status_code == 200
    body = ok(call(client, runtime, "update", subscribe=str(ids["team-yankees"])))
    assert body["userinfo"]["list_subscriptions"] == [ids["team-yankees"]]
    assert body["membership"]["exclusiveAccess"] is True
    assert body["membership"]["status"] == "Active"


def test_a_home_delivery_reader_joins_an_exclusive_list(
    client: TestClient, runtime: Runtime
) -> None:
    ids = seed(runtime)
    sign_in_verified(client, runtime)
    with runtime.sessions.begin() as db:
        grant_home_delivery(db, runtime, EMAIL)
    body = ok(call(client, runtime, "update", subscribe=str(ids["col-sherman"])))
    assert body["userinfo"]["list_subscriptions"] == [ids["col-sherman"]]
    assert body["membership"]["homeDelivery"] is True
    assert body["membership"]["exclusiveAccess"] is True


def test_anyone_may_leave_an_exclusive_list(client: TestClient, runtime: Runtime) -> None:
    """A lapsed member keeps the way out: unsubscribing is never gated."""
    ids = seed(runtime)
    sign_in(client)
    ok(call(client, runtime, "update", unsubscribe=str(ids["member-insider"])))
