"""The verification double is served only when its setting is on, and production refuses it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.production import settings_problems
from masthead.settings import Settings
from masthead.verification_double.tokens import PASS_SECRET
from tests.human_verification.provider_double import mint
from tests.kept_apps import KeptApps, after_test, fresh

SITE = "/wp-json/nyp-membership/v1"


@pytest.fixture
def double_client(
    base_settings: Settings, clock: FrozenClock, kept_apps: KeptApps
) -> Iterator[TestClient]:
    on = base_settings.model_copy(
        update={
            "human_verification_double": True,
            "human_verification_provider": "turnstile",
            "human_verification_site_key": "1x00000000000000000000AA",
            "human_verification_secret": PASS_SECRET,
        }
    )
    kept = kept_apps.for_settings(on, clock)
    with TestClient(fresh(kept), base_url="http://testserver") as client:
        yield client
    after_test(kept)


def test_with_the_double_the_challenge_is_aimed_at_it(double_client: TestClient) -> None:
    answer = double_client.get(f"{SITE}/recaptcha-disable").json()
    assert answer["script_url"] == "/verification-double/api.js"
    script = double_client.get("/verification-double/api.js")
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    assert "window.turnstile" in script.text and "window.grecaptcha" in script.text
    verified = double_client.post(
        "/verification-double/siteverify", data={"secret": PASS_SECRET, "response": mint()}
    )
    assert verified.json()["success"] is True


def test_without_the_setting_the_double_is_not_served(client: TestClient) -> None:
    assert client.get("/verification-double/api.js").status_code == 404
    assert (
        client.post("/verification-double/siteverify", data={"secret": PASS_SECRET}).status_code
        == 404
    )


def test_production_refuses_the_double(base_settings: Settings) -> None:
    on = base_settings.model_copy(update={"human_verification_double": True})
    assert any("MASTHEAD_HUMAN_VERIFICATION_DOUBLE" in p for p in settings_problems(on))
    assert not any("VERIFICATION" in p for p in settings_problems(base_settings))
