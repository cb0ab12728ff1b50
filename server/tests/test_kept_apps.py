"""The suite's kept applications (tests/kept_apps.py): whatever a test changes in one is gone
before the next test gets it, as if create_app had built it again."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.clock import FrozenClock
from masthead.settings import Settings
from tests.kept_apps import MADE_AGAIN, KeptApps, after_test, fresh


def test_what_a_test_changes_is_gone_for_the_next(
    kept_apps: KeptApps, settings: Settings, clock: FrozenClock
) -> None:
    kept = kept_apps.for_settings(settings, clock)
    app = fresh(kept)
    runtime = app.state.runtime
    built_settings = runtime.settings
    made = {name: getattr(runtime, name) for name in MADE_AGAIN}

    # What tests do to their application.
    runtime.settings.public_url = "https://elsewhere.example"
    assert runtime.settings.public_origin == "https://elsewhere.example"  # cached now
    runtime.settings.allowed_origins.append("https://other.example")
    runtime.settings = settings.model_copy(update={"membership_enabled": False})
    runtime.clock = FrozenClock(datetime(2030, 1, 1, tzinfo=UTC))
    runtime.payment_gateway = object()
    assert runtime.rate_limiter.hit("login:ip:a", 1, 300) == 0
    assert runtime.rate_limiter.hit("login:ip:a", 1, 300) > 0
    app.state.left_behind = "by a request"

    again = fresh(kept_apps.for_settings(settings, clock))
    assert again is app
    assert runtime.settings is built_settings  # the object the middleware holds
    assert runtime.settings.model_dump() == settings.model_dump()
    assert runtime.settings.public_origin == "http://testserver"
    assert runtime.clock is clock
    assert all(getattr(runtime, name) is not made[name] for name in MADE_AGAIN)
    assert isinstance(runtime.payment_gateway, SandboxGateway)
    assert runtime.payment_gateway.clock is clock
    assert runtime.rate_limiter.hit("login:ip:a", 1, 300) == 0
    assert not hasattr(app.state, "left_behind")
    after_test(kept)


def test_other_settings_get_an_application_of_their_own(
    kept_apps: KeptApps, settings: Settings, clock: FrozenClock
) -> None:
    usual = kept_apps.for_settings(settings, clock)
    other = kept_apps.for_settings(settings.model_copy(update={"decisions_key": "k"}), clock)
    assert other.app is not usual.app
    assert other.runtime.settings.decisions_key == "k"
    assert kept_apps.for_settings(settings.model_copy(), clock).app is usual.app


def test_a_part_the_runtime_gains_fails_the_test_that_added_it(
    kept_apps: KeptApps, settings: Settings, clock: FrozenClock
) -> None:
    kept = kept_apps.for_settings(settings, clock)
    runtime = fresh(kept).state.runtime
    runtime.left_behind = "a part nothing resets"
    with pytest.raises(AssertionError, match="left_behind"):
        after_test(kept)
    fresh(kept)  # and the next test does not see it
    assert not hasattr(runtime, "left_behind")
