"""The account area wears the brand of the site the reader came from (the host's): the page
config names it for the header, its colours and icon are in <head> before the first paint."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from masthead.settings import Settings
from masthead.site.brands import BRANDS

HOSTS = {"main": "127.0.0.1", "gossip": "gossip.localhost", "lifestyle": "lifestyle.localhost"}


@pytest.fixture(scope="module")
def web_dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built account area (its shell only), one for the module, so that its tests share one
    application (tests/kept_apps.py)."""
    folder = tmp_path_factory.mktemp("web-dist")
    (folder / "account.html").write_text("<head><!--masthead-config--></head>", "utf-8")
    return folder


@pytest.fixture
def settings(settings: Settings, web_dist: Path) -> Settings:
    return settings.model_copy(update={"web_dist": web_dist})


@pytest.mark.parametrize("brand", sorted(BRANDS))
def test_the_shell_carries_the_hosts_brand(client: TestClient, brand: str) -> None:
    shell = client.get("/account/settings", headers={"host": HOSTS[brand]})
    assert shell.status_code == 200
    config = re.search(r'<script id="masthead-config"[^>]*>(.+?)</script>', shell.text)
    assert config is not None
    expected = BRANDS[brand]
    assert json.loads(config.group(1))["brand"] == {
        "key": brand,
        "name": expected.name,
        "homeUrl": "/",
        "membership": "Sports+",
    }
    assert f"--brand:{expected.primary};" in shell.text
    assert f"--color-primary:{expected.primary};" in shell.text
    assert f'<link rel="icon" href="/favicon/{brand}.svg" type="image/svg+xml">' in shell.text
