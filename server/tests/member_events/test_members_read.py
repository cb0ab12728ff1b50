"""Members read the upcoming events, soonest first; other readers are told why and how to
join; signed-out visitors and pages without the nonce are refused."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient

from masthead.billing.api import grant_home_delivery
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import nonce as card_nonce
from tests.billing.api_helpers import setup, sign_in, sign_in_verified, subscribe
from tests.member_events.helpers import OPERATOR, OPERATOR_API, READ, body, operator_on


def add_events(client: TestClient, runtime: Runtime) -> None:
    operator_on(runtime)
    for days, title in ((30, "Later"), (-1, "Yesterday"), (2, "Soon"), (0.01, "Tonight")):
        added = client.post(OPERATOR_API, json=body(runtime, days, title=title), headers=OPERATOR)
        assert added.status_code == 201, added.text


def test_a_member_reads_the_upcoming_events_soonest_first(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    add_events(client, runtime)
    sandbox = setup(runtime)
    sign_in(client)
    assert subscribe(client, "sports-monthly", card_nonce(sandbox)).status_code == 200
    answer = client.get(READ)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    assert [e["title"] for e in answer.json()["events"]] == ["Tonight", "Soon", "Later"]
    event = answer.json()["events"][0]
    assert set(event) == {"id", "title", "startsAt", "place", "link", "description"}

    clock.advance(timedelta(days=3))  # the past ones drop off
    assert [e["title"] for e in client.get(READ).json()["events"]] == ["Later"]


def test_a_home_delivery_reader_reads_them_too(client: TestClient, runtime: Runtime) -> None:
    add_events(client, runtime)
    sign_in_verified(client, runtime)
    with runtime.sessions.begin() as db:
        grant_home_delivery(db, runtime, "ada@example.com")
    assert len(client.get(READ).json()["events"]) == 3


def test_a_reader_without_a_membership_is_told_how_to_join(
    client: TestClient, runtime: Runtime
) -> None:
    add_events(client, runtime)
    sign_in(client)
    refused = client.get(READ)
    assert refused.status_code == 403
    assert refused.json()["type"] == "not-entitled"
    assert "/account/subscribe" in refused.json()["message"]
    assert "Tonight" not in refused.text


def test_signed_out_visitors_and_pages_without_the_nonce_are_refused(
    client: TestClient, runtime: Runtime
) -> None:
    add_events(client, runtime)
    signed_out = client.get(READ)
    assert (signed_out.status_code, signed_out.json()["type"]) == (401, "unauthorized")
    sign_in(client)
    no_nonce = client.get(READ, headers={"X-WP-Nonce": ""})
    assert (no_nonce.status_code, no_nonce.json()["type"]) == (403, "bad-nonce")
