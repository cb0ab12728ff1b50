"""The account area learns from the server how cards are entered (page config cardEntry)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.settings import Settings


def _card_entry(client: TestClient) -> object:
    html = client.get("/account/subscribe").text
    match = re.search(r'<script id="masthead-config" type="application/json">(.*?)</script>', html)
    assert match is not None
    return json.loads(match.group(1))["cardEntry"]


@pytest.mark.parametrize(
    ("payments", "environment", "expected"),
    [
        ("sandbox", "sandbox", "client-api"),
        ("braintree", "sandbox", "hosted-fields"),
        ("braintree", "production", "hosted-fields"),
        # The SDK against a server speaking Braintree's protocol: no Braintree asset host.
        ("braintree", "http://127.0.0.1:8000/braintree-sandbox", "client-api"),
    ],
)
def test_hosted_fields_only_when_the_server_talks_to_braintree(
    settings: Settings,
    clock: FrozenClock,
    tmp_path: Path,
    payments: str,
    environment: str,
    expected: str,
) -> None:
    (tmp_path / "account.html").write_text("<head><!--masthead-config--></head>")
    configured = settings.model_copy(
        update={"web_dist": tmp_path, "payments": payments, "braintree_environment": environment}
    )
    with TestClient(create_app(configured, clock)) as client:
        assert _card_entry(client) == expected
