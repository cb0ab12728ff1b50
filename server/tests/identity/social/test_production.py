"""Production refuses the development identity provider, as it refuses the payment sandbox."""

from __future__ import annotations

import pytest

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.production import ProductionRefused
from tests.test_production_guard import production


def test_production_refuses_the_development_provider(database_url: str, clock: FrozenClock) -> None:
    with pytest.raises(ProductionRefused) as refused:
        create_app(production(database_url, social_development_provider=...), clock)
    lines = str(refused.value).splitlines()[1:]
    assert lines == [
        "  - MASTHEAD_SOCIAL_DEVELOPMENT_PROVIDER=true: the development identity provider "
        "signs anyone in as any reader; set it to false (and each provider's settings to "
        "offer it)"
    ]


def test_without_it_and_without_settings_no_provider_is_offered(
    database_url: str, clock: FrozenClock
) -> None:
    from fastapi.testclient import TestClient

    app = create_app(production(database_url), clock)
    with TestClient(app, base_url="https://news.example.com") as client:
        assert client.get("/blaize/oauth").json() == {"providers": []}
        response = client.get("/blaize/oauth/google", params={"state": "x" * 20})
        assert response.status_code == 404
        assert response.json()["type"] == "provider-not-offered"
