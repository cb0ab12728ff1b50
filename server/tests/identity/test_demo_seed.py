"""The published demo login (README) works, and its password passes the rules readers meet."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.identity import passwords, repository
from masthead.seed import DEMO_PASSWORD, DEMO_READERS, seed_demo
from tests.identity.helpers import login


def test_the_demo_password_passes_the_rules_and_signs_in(
    client: TestClient, runtime: Runtime
) -> None:
    assert passwords.weakness(DEMO_PASSWORD) is None
    seed_demo(runtime)
    for email, _name, _colour in DEMO_READERS:
        assert login(client, email, DEMO_PASSWORD).status_code == 200


def test_a_reader_seeded_with_the_former_password_moves_to_the_new_one(
    client: TestClient, runtime: Runtime
) -> None:
    seed_demo(runtime)
    email = DEMO_READERS[0][0]
    with runtime.sessions.begin() as db:
        user = repository.user_by_email(db, email)
        assert user is not None
        user.password_hash = passwords.hash_password(runtime.settings, "Password123")
    seed_demo(runtime)  # `make run` again on a database seeded before
    assert login(client, email, "Password123").status_code == 401
    assert login(client, email, DEMO_PASSWORD).status_code == 200


def test_the_demo_subscriber_is_a_member(runtime: Runtime, client: TestClient) -> None:
    """`make run`'s Sam Subscriber can try the members' screens: a membership on the annual
    plan, through the payment sandbox; seeding again subscribes nobody twice."""
    seed_demo(runtime)
    seed_demo(runtime)
    assert login(client, "subscriber@example.com", DEMO_PASSWORD).status_code == 200
    [subscription] = client.get("/blaize/payment/braintree/subscriptions").json()
    assert (subscription["plan_id"], subscription["subscription-state"]) == (
        "sports-annual",
        "active",
    )
