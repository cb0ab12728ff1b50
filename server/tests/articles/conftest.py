"""Fixtures of the stories' tests: an editor signed in to the console, the operator API's
key set."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.articles.helpers import EDITOR, KEY
from tests.staff.conftest import TEST_ORIGIN, Member, staff_member


@pytest.fixture
def editor(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> Member:
    return staff_member(app, runtime, clock, EDITOR, ["editor"])


@pytest.fixture
def operator_key(runtime: Runtime) -> dict[str, str]:
    runtime.settings.stories_key = KEY
    return {"Authorization": f"Bearer {KEY}"}


@pytest.fixture
def console(client: TestClient) -> TestClient:
    """A browser on the console's pages: it sends the site's Origin."""
    client.headers["Origin"] = TEST_ORIGIN
    return client
