"""While the challenge is on, a password registration and the payflow's first write
(prepare-customer) need this browser's proof of a passed check; nothing is written without."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.human_verification.proof import PROOF_COOKIE
from masthead.identity.models import User
from tests.billing.api_helpers import setup
from tests.human_verification.provider_double import ProviderDouble, mint
from tests.identity.helpers import login, register

SITE = "/wp-json/nyp-membership/v1"
REQUIRED = {
    "type": "human-verification-required",
    "message": "Please confirm you're not a robot, then try again.",
}


def pass_check(client: TestClient) -> None:
    answer = client.post(f"{SITE}/recaptcha", json={"token": mint()})
    assert answer.status_code == 200, answer.text


def users(runtime: Runtime) -> int:
    with runtime.sessions() as db:
        return db.scalar(select(func.count()).select_from(User)) or 0


def test_register_needs_a_passed_check(
    client: TestClient, runtime: Runtime, provider: ProviderDouble
) -> None:
    refused = register(client, "ada@example.com")
    assert refused.status_code == 403
    assert refused.json() == REQUIRED
    assert users(runtime) == 0
    assert login(client, "ada@example.com").status_code == 404  # no account was made

    pass_check(client)
    assert register(client, "ada@example.com").status_code == 200
    assert users(runtime) == 1


def test_a_failed_check_leaves_register_closed(
    client: TestClient, provider: ProviderDouble
) -> None:
    assert client.post(f"{SITE}/recaptcha", json={"token": mint("fail")}).status_code == 403
    assert register(client, "ada@example.com").json() == REQUIRED


def test_the_proof_expires(
    client: TestClient, clock: FrozenClock, provider: ProviderDouble
) -> None:
    pass_check(client)
    clock.at += timedelta(minutes=15)
    assert register(client, "ada@example.com").json() == REQUIRED


def test_a_forged_or_foreign_proof_is_refused(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    later = int((clock.now() + timedelta(hours=1)).timestamp())
    for forged in (f"{later}.{'0' * 64}", "not-a-proof", "9" * 40 + ".ab", f"{later}"):
        client.cookies.set(PROOF_COOKIE, forged)
        assert register(client, "ada@example.com").json() == REQUIRED, forged
    assert users(runtime) == 0


def test_prepare_customer_needs_a_passed_check(
    client: TestClient, runtime: Runtime, provider: ProviderDouble
) -> None:
    setup(runtime)
    pass_check(client)
    assert register(client, "ada@example.com").status_code == 200
    client.cookies.delete(PROOF_COOKIE)  # a later visit: the proof is gone

    refused = client.post(f"{SITE}/prepare-customer")
    assert refused.status_code == 403
    assert refused.json() == REQUIRED

    pass_check(client)
    prepared = client.post(f"{SITE}/prepare-customer")
    assert prepared.status_code == 200, prepared.text
    assert prepared.json()["client_token"]


def test_a_registration_a_provider_vouched_for_is_not_asked(client: TestClient) -> None:
    """Social sign-in registers with token_exchange: the identity provider's check stands in
    (whatever it answers, it is not the human-verification refusal)."""
    answer: Any = client.post(
        "/blaize/register",
        json={
            "identifiers": {"email_address": "ada@example.com"},
            "validators": {"token_exchange": "a-state-key"},
            "attributes": {"full-name": "Ada Lovelace"},
        },
    )
    assert answer.json().get("type") != "human-verification-required"
