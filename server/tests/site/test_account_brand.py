"""The account area wears the brand of the site the reader came from (the host's): the page
config names it for the header, its colours and icon are in <head> before the first paint."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from masthead.site.brands import BRANDS
from tests.built_shell import settings, web_dist  # noqa: F401  (the module's fixtures)

HOSTS = {"main": "127.0.0.1", "gossip": "gossip.localhost", "lifestyle": "lifestyle.localhost"}


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
