"""entitled(db, runtime, reader): billing's status resolution, read through a unit of work,
the pinned connection, or the hot path's one query from the session cookie, with the same
answer."""

from __future__ import annotations

from datetime import date

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.repository import Reader
from masthead.identity.service import current_reader
from masthead.site.entitlement import entitled, session_entitlement
from tests.billing.api_helpers import PAY, nonce, on, setup, sign_in, subscribe


def _reader(client: TestClient, runtime: Runtime) -> Reader:
    reader = current_reader(runtime, client.cookies.get(SESSION_COOKIE))
    assert reader is not None
    return reader


def _all_ways(client: TestClient, runtime: Runtime, reader: Reader) -> set[bool]:
    with runtime.sessions() as db:
        through_session = entitled(db, runtime, reader)
    signed_in, from_cookie = session_entitlement(runtime, client.cookies.get(SESSION_COOKIE))
    assert signed_in
    return {through_session, entitled(runtime.reader, runtime, reader), from_cookie}


def test_entitlement_follows_the_membership(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    reader = _reader(client, runtime)
    assert _all_ways(client, runtime, reader) == {False}  # no subscription: None
    assert session_entitlement(runtime, None) == (False, False)
    assert session_entitlement(runtime, "not-a-session") == (False, False)

    grant = subscribe(client, "sports-monthly", nonce(sandbox)).json()["grant_id"]
    assert _all_ways(client, runtime, reader) == {True}  # a trial is Active
    status = client.get("/wp-json/nyp-membership/v1/membership").json()
    assert status["isMember"] is True

    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    on(clock, date(2026, 11, 25))  # cancelled in its trial: nothing was paid ahead
    after = client.get("/wp-json/nyp-membership/v1/membership").json()
    assert _all_ways(client, runtime, reader) == {after["isMember"]}
