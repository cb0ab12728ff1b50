"""GET /wp-json/nyp-membership/v1/saasquatch_jwt: the contract, on the demo (test-mode) tenant."""

from __future__ import annotations

from datetime import timedelta

import jwt
import pytest
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals.seed import DEMO_API_KEY, DEMO_TENANT, seed_referrals
from tests.site.helpers import JWT_PATH, referral_jwt, register_reader, upsert_with

# The demo tenant's key is short, as a merchant's may be.
pytestmark = pytest.mark.filterwarnings("ignore::jwt.warnings.InsecureKeyLengthWarning")


def _claims(token: str, key: str = DEMO_API_KEY) -> dict[str, object]:
    # Expiry is checked against the test's frozen clock below, not the wall clock.
    claims: dict[str, object] = jwt.decode(
        token, key, algorithms=["HS256"], options={"verify_exp": False, "require": ["exp"]}
    )
    return claims


@pytest.fixture
def seeded(runtime: Runtime) -> None:
    seed_referrals(runtime)


def test_anonymous_readers_get_401(client: TestClient, seeded: None) -> None:
    response = client.get(JWT_PATH)
    assert response.status_code == 401
    assert response.json() == {"type": "unauthorized", "message": "Please log in to continue."}
    client.cookies.set("zephrSessionId", "not-a-session")
    assert client.get(JWT_PATH).status_code == 401


def test_the_reader_gets_a_signed_short_lived_jwt(
    client: TestClient, clock: FrozenClock, seeded: None
) -> None:
    tracking_id = register_reader(client, "ada@example.com", "Ada", "Lovelace")
    response = referral_jwt(client)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    user = {
        "id": tracking_id,
        "accountId": tracking_id,
        "email": "ada@example.com",
        "firstName": "Ada",
        "lastName": "Lovelace",
    }
    expires = int((clock.now() + timedelta(hours=1)).timestamp())
    assert body == {
        "jwt": body["jwt"],
        "user": user,
        "tenantAlias": DEMO_TENANT,
        "domain": "http://testserver",  # the public URL of tests/conftest.py
        "expiresAt": expires,
    }
    assert jwt.get_unverified_header(body["jwt"])["alg"] == "HS256"
    assert _claims(body["jwt"]) == {"user": user, "exp": expires}
    with pytest.raises(jwt.InvalidSignatureError):
        _claims(body["jwt"], key="another-tenant-key")
    # The ids are the tracking id, never the email, and stay the same from call to call.
    assert "@" not in tracking_id
    assert referral_jwt(client).json()["user"] == user


def test_each_reader_has_their_own_ids(client: TestClient, seeded: None) -> None:
    first = register_reader(client, "first@example.com")
    first_user = referral_jwt(client).json()["user"]
    client.cookies.clear()
    second = register_reader(client, "second@example.com", "Grace", "Hopper")
    second_user = referral_jwt(client).json()["user"]
    assert first != second
    assert (first_user["id"], second_user["id"]) == (first, second)
    assert second_user["firstName"] == "Grace"


def test_the_jwt_opens_the_readers_own_widget_only(client: TestClient, seeded: None) -> None:
    tracking_id = register_reader(client, "ada@example.com")
    token = referral_jwt(client).json()["jwt"]

    mine = upsert_with(client, DEMO_TENANT, tracking_id, tracking_id, token)
    assert mine.status_code == 200, mine.text
    user = mine.json()["user"]
    assert (user["id"], user["accountId"]) == (tracking_id, tracking_id)
    # Signed fields win over the (empty) body: the participant carries the reader's names.
    assert (user["email"], user["firstName"], user["lastName"]) == (
        "ada@example.com",
        "Ada",
        "Lovelace",
    )
    assert user["referralCode"] in mine.json()["template"]

    for account_id, user_id in (
        ("someone-else", "someone-else"),
        (tracking_id, "someone-else"),
        ("someone-else", tracking_id),
    ):
        theirs = upsert_with(client, DEMO_TENANT, account_id, user_id, token)
        assert theirs.status_code == 401
        assert theirs.json()["apiErrorCode"] == "INVALID_TOKEN"


def test_the_jwt_expires_after_an_hour(
    client: TestClient, clock: FrozenClock, seeded: None
) -> None:
    tracking_id = register_reader(client, "ada@example.com")
    token = referral_jwt(client).json()["jwt"]
    clock.advance(timedelta(minutes=59))
    assert upsert_with(client, DEMO_TENANT, tracking_id, tracking_id, token).status_code == 200
    clock.advance(timedelta(minutes=1))
    late = upsert_with(client, DEMO_TENANT, tracking_id, tracking_id, token)
    assert late.status_code == 401
    assert late.json()["message"] == "The user token has expired."


def test_a_missing_tenant_is_503(client: TestClient) -> None:
    register_reader(client, "ada@example.com")
    response = referral_jwt(client)
    assert response.status_code == 503
    assert response.json()["type"] == "referrals-unavailable"
    assert "temporarily unavailable" in response.json()["message"]
