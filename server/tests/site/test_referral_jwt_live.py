"""The referral JWT on a live tenant, where upserts need it, with a shorter lifetime."""

from __future__ import annotations

from datetime import timedelta

import jwt
import pytest
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals.seed import DEMO_API_KEY, DEMO_TENANT
from masthead.settings import Settings
from tests.referrals.helpers import LIVE, LIVE_KEY, seed
from tests.site.helpers import referral_jwt, register_reader, upsert_with

# The demo tenant's key is short, as a merchant's may be.
pytestmark = pytest.mark.filterwarnings("ignore::jwt.warnings.InsecureKeyLengthWarning")


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"referral_tenant": LIVE, "referral_jwt_minutes": 5})


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def test_a_live_tenant_needs_the_jwt_and_accepts_it(client: TestClient, clock: FrozenClock) -> None:
    tracking_id = register_reader(client, "ada@example.com")
    body = referral_jwt(client).json()
    assert body["tenantAlias"] == LIVE
    token = body["jwt"]
    claims = jwt.decode(token, LIVE_KEY, algorithms=["HS256"], options={"verify_exp": False})
    assert claims["exp"] == int((clock.now() + timedelta(minutes=5)).timestamp())
    assert claims["user"]["id"] == tracking_id

    unsigned = upsert_with(client, LIVE, tracking_id, tracking_id, None)
    assert unsigned.status_code == 401
    assert unsigned.json()["apiErrorCode"] == "TOKEN_REQUIRED"
    signed = upsert_with(client, LIVE, tracking_id, tracking_id, token)
    assert signed.status_code == 200, signed.text
    assert signed.json()["user"]["id"] == tracking_id

    other = upsert_with(client, LIVE, "someone-else", "someone-else", token)
    assert other.status_code == 401
    assert other.json()["apiErrorCode"] == "INVALID_TOKEN"
    # Signed with the live tenant's key, so no other tenant takes it.
    elsewhere = upsert_with(client, DEMO_TENANT, tracking_id, tracking_id, token)
    assert elsewhere.status_code == 401
    with pytest.raises(jwt.InvalidSignatureError):
        jwt.decode(token, DEMO_API_KEY, algorithms=["HS256"])

    clock.advance(timedelta(minutes=5))
    assert upsert_with(client, LIVE, tracking_id, tracking_id, token).status_code == 401
