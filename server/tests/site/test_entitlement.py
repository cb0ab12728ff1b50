"""entitled(db, runtime, reader): billing's status resolution, read through a unit of work
or the pinned connection, with the same answer."""

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


def _reader(client: TestClient, runtime: Runtime) -> Reader:
    reader = current_reader(runtime, client.cookies.get(SESSION_COOKIE))
    assert reader is not None
    return reader


def _both(runtime: Runtime, reader: Reader) -> tuple[bool, bool]:
    with runtime.sessions() as db:
        through_session = entitled(db, runtime, reader)
    return through_session, entitled(runtime.reader, runtime, reader)


def test_entitlement_follows_the_membership(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    reader = _reader(client, runtime)
    assert _both(runtime, reader) == (False, False)  # no subscription: None

    grant = subscribe(client, "sports-monthly", nonce(sandbox)).json()["grant_id"]
    assert _both(runtime, reader) == (True, True)  # a trial is Active
    status = client.get("/wp-json/nyp-membership/v1/membership").json()
    assert status["isMember"] is True

    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    on(clock, date(2026, 11, 25))  # cancelled in its trial: nothing was paid ahead
    after = client.get("/wp-json/nyp-membership/v1/membership").json()
    assert _both(runtime, reader) == (after["isMember"], after["isMember"])
