"""A popup's state and a register key last MASTHEAD_SOCIAL_ATTEMPT_MINUTES; popups are limited
per client address."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.settings import Settings
from tests.conftest import TEST_ORIGIN
from tests.identity.social.popup import (
    OPENER_STATE,
    development_sign_in,
    posted_message,
    register_with,
    start,
    state_of,
)


def test_a_popup_left_open_too_long_is_refused(client: TestClient, clock: FrozenClock) -> None:
    page = start(client)
    clock.advance(timedelta(minutes=10, seconds=1))
    assert client.get(page).status_code == 404  # the development provider's page, too
    answer = client.post(
        "/blaize/oauth/google/callback",
        data={"state": state_of(page), "email": "late@example.com", "email_verified": "true"},
    )
    message = posted_message(answer.text)
    assert message["action"] == "error"
    assert message["message"] == "This sign-in attempt has expired. Please try again."


def test_a_register_key_expires(client: TestClient, clock: FrozenClock) -> None:
    message = development_sign_in(client, email="slow@example.com")
    clock.advance(timedelta(minutes=11))
    response = register_with(client, message)
    assert response.status_code == 404
    assert response.json()["type"] == "invalid-state"


@pytest.fixture
def limited(settings: Settings, clock: FrozenClock) -> Iterator[FastAPI]:
    app = create_app(settings.model_copy(update={"social_sign_ins_per_address": 2}), clock)
    yield app


def test_popups_are_limited_per_address(limited: FastAPI) -> None:
    with TestClient(limited, base_url=TEST_ORIGIN) as client:
        for _ in range(2):
            start(client)
        refused = client.get(
            "/blaize/oauth/google", params={"state": OPENER_STATE}, follow_redirects=False
        )
    assert refused.status_code == 429
    assert refused.json()["type"] == "too-many-requests"
    assert "Retry-After" in refused.headers
