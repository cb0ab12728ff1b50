"""entitled(db, runtime, reader): billing's status resolution, read through a unit of work,
the pinned connection, or the session's one query awaited by the decision engine's fast path
(the islands' entitlement check), with the same answer."""

from __future__ import annotations

from datetime import date

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.repository import Reader
from masthead.identity.service import current_reader
from masthead.site.entitlement import entitled
from tests.billing.api_helpers import PAY, nonce, on, setup, sign_in, subscribe
from tests.site.stories import engine_entitlement


def _reader(client: TestClient, runtime: Runtime) -> Reader:
    reader = current_reader(runtime, client.cookies.get(SESSION_COOKIE))
    assert reader is not None
    return reader


def _all_ways(client: TestClient, runtime: Runtime, reader: Reader) -> set[bool]:
    with runtime.sessions() as db:
        through_session = entitled(db, runtime, reader)
    # and the islands' check, whose read is awaited (db.PinnedReader.all_awaited)
    asked = engine_entitlement(client)
    assert asked["loggedIn"]
    return {through_session, entitled(runtime.reader, runtime, reader), asked["entitled"]}


def test_entitlement_follows_the_membership(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    reader = _reader(client, runtime)
    assert _all_ways(client, runtime, reader) == {False}  # no subscription: None
    session = client.cookies.get(SESSION_COOKIE)
    client.cookies.clear()
    assert engine_entitlement(client) == {"loggedIn": False, "entitled": False}
    client.cookies.set(SESSION_COOKIE, "not-a-session")
    assert engine_entitlement(client) == {"loggedIn": False, "entitled": False}
    client.cookies.set(SESSION_COOKIE, session or "")

    grant = subscribe(client, "sports-monthly", nonce(sandbox)).json()["grant_id"]
    assert _all_ways(client, runtime, reader) == {True}  # a trial is Active
    status = client.get("/wp-json/nyp-membership/v1/membership").json()
    assert status["isMember"] is True

    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    on(clock, date(2026, 11, 25))  # cancelled in its trial: nothing was paid ahead
    after = client.get("/wp-json/nyp-membership/v1/membership").json()
    assert _all_ways(client, runtime, reader) == {after["isMember"]}
