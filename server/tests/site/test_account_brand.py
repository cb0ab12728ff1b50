"""The account area wears the brand of the site the reader came from (the host's): the page
config names it for the header, its colours and icon are in <head> before the first paint."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.settings import Settings
from masthead.site.brands import BRANDS

HOSTS = {"main": "127.0.0.1", "gossip": "gossip.localhost", "lifestyle": "lifestyle.localhost"}


@pytest.mark.parametrize("brand", sorted(BRANDS))
def test_the_shell_carries_the_hosts_brand(
    settings: Settings, clock: FrozenClock, tmp_path: Path, brand: str
) -> None:
    (tmp_path / "account.html").write_text("<head><!--masthead-config--></head>", "utf-8")
    app = create_app(settings.model_copy(update={"web_dist": tmp_path}), clock)
    with TestClient(app) as client:
        shell = client.get("/account/settings", headers={"host": HOSTS[brand]})
    app.state.runtime.engine.dispose()
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
