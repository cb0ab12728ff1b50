"""With no key (`make run`'s default) or turned off, there is no challenge: nothing is loaded,
register and the payflow work as before, and POST .../recaptcha checks nothing."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.human_verification.proof import PROOF_COOKIE
from masthead.settings import Settings
from tests.billing.api_helpers import setup
from tests.human_verification.provider_double import ProviderDouble
from tests.identity.helpers import register

SITE = "/wp-json/nyp-membership/v1"


@pytest.fixture
def settings(base_settings: Settings) -> Settings:
    return base_settings.model_copy(deep=True)  # the suite's defaults: no provider, no keys


def test_without_keys_there_is_no_challenge(client: TestClient, runtime: Runtime) -> None:
    assert client.get(f"{SITE}/recaptcha-disable").json() == {
        "disabled": True,
        "provider": None,
        "site_key": None,
        "script_url": None,
        "action": "nyp_membership",
    }
    checked = client.post(f"{SITE}/recaptcha", json={"token": "anything"})
    assert checked.status_code == 200
    assert checked.json() == {"success": True, "disabled": True, "expires_in": 0}
    assert PROOF_COOKIE not in checked.cookies

    setup(runtime)
    assert register(client, "ada@example.com").status_code == 200
    assert client.post(f"{SITE}/prepare-customer").status_code == 200


@pytest.mark.parametrize(
    "missing",
    [
        {"human_verification_disabled": True},
        {"human_verification_site_key": ""},
        {"human_verification_secret": ""},
        {"human_verification_provider": "none"},
    ],
)
def test_a_provider_without_a_key_or_turned_off_is_off(
    client: TestClient,
    runtime: Runtime,
    provider_double: ProviderDouble,
    missing: dict[str, object],
) -> None:
    provider_double.reset()
    on = {
        "human_verification_provider": "turnstile",
        "human_verification_site_key": "1x00000000000000000000AA",
        "human_verification_secret": "1x0000000000000000000000000000000AA",
        "human_verification_siteverify_url": provider_double.url,
    }
    for name, value in {**on, **missing}.items():
        setattr(runtime.settings, name, value)
    assert client.get(f"{SITE}/recaptcha-disable").json()["disabled"] is True
    assert register(client, "ada@example.com").status_code == 200
    assert client.post(f"{SITE}/recaptcha", json={"token": "x"}).json()["disabled"] is True
    assert provider_double.forms == []  # the provider was never asked
