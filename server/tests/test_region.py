"""The region check: the visitor's country from the trusted header, and what it changes —
the account area's config, the plans call and subscribe."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.braintree_sandbox.models import SandboxSubscription
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.region import in_supported_region, visitor_country
from masthead.settings import Settings
from tests.billing.api_helpers import SITE, count, nonce, setup, sign_in, subscribe

HEADER = "CloudFront-Viewer-Country"


@pytest.mark.parametrize(
    ("header", "countries", "sent", "country", "supported"),
    [
        ("", "US", {HEADER: "FR"}, None, True),  # no trusted header: unknown, supported
        (HEADER, "US", {}, None, True),  # header missing: unknown
        (HEADER, "US", {HEADER: "US"}, "US", True),
        (HEADER, "US", {HEADER: " us "}, "US", True),
        (HEADER, "US", {HEADER: "FR"}, "FR", False),
        (HEADER, "US,CA", {HEADER: "CA"}, "CA", True),
        (HEADER, "us, ca", {HEADER: "CA"}, "CA", True),
        (HEADER, "", {HEADER: "FR"}, "FR", True),  # no list: sold everywhere
        (HEADER, "US", {HEADER: "USA"}, None, True),  # not a country code: unknown
        (HEADER, "US", {HEADER: "1"}, None, True),
    ],
)
def test_the_visitors_country_and_region(
    settings: Settings,
    header: str,
    countries: str,
    sent: dict[str, str],
    country: str | None,
    supported: bool,
) -> None:
    configured = settings.model_copy(
        update={"country_header": header, "supported_countries": countries}
    )
    assert visitor_country(sent, configured) == country
    assert in_supported_region(sent, configured) is supported


def test_plans_are_hidden_outside_the_supported_region(
    client: TestClient, runtime: Runtime
) -> None:
    setup(runtime)
    runtime.settings.country_header = "X-Test-Country"
    inside = client.get(f"{SITE}/plans", headers={"X-Test-Country": "US"})
    assert list(inside.json()) == ["sports-monthly", "sports-six-month", "sports-annual"]
    assert inside.headers["vary"] == "X-Test-Country"
    assert len(client.get(f"{SITE}/plans").json()) == 3
    outside = client.get(f"{SITE}/plans", headers={"X-Test-Country": "DE"})
    assert (outside.status_code, outside.json()) == (200, {})


def test_subscribe_is_refused_outside_the_supported_region(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    runtime.settings.country_header = "X-Test-Country"
    sign_in(client)
    client.headers["X-Test-Country"] = "DE"
    refused = subscribe(client, "sports-annual", nonce(sandbox))
    assert refused.status_code == 403
    assert refused.json() == {
        "type": "unsupported-region",
        "message": "Memberships are not available in your region.",
    }
    assert count(runtime, SandboxSubscription) == 0
    client.headers["X-Test-Country"] = "US"
    assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200


def _config(html: str) -> dict[str, object]:
    match = re.search(r'<script id="masthead-config" type="application/json">(.*?)</script>', html)
    assert match is not None
    parsed: dict[str, object] = json.loads(match.group(1))
    return parsed


def test_the_account_area_is_told_the_region(
    settings: Settings, clock: FrozenClock, tmp_path: Path
) -> None:
    (tmp_path / "account.html").write_text("<head><!--masthead-config--></head>")
    configured = settings.model_copy(
        update={"web_dist": tmp_path, "country_header": "X-Test-Country"}
    )
    with TestClient(create_app(configured, clock)) as client:
        assert _config(client.get("/account").text)["inSupportedRegion"] is True
        inside = client.get("/account/subscribe", headers={"X-Test-Country": "US"})
        assert _config(inside.text)["inSupportedRegion"] is True
        outside = client.get("/account/subscribe", headers={"X-Test-Country": "FR"})
        assert _config(outside.text)["inSupportedRegion"] is False
        # The answer also varies by Host: the account area wears the brand of the host.
        varies = [name.strip() for name in outside.headers["vary"].split(",")]
        assert "X-Test-Country" in varies
