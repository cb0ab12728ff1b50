"""The account area's page config says when a sign-in hops through the other brands: on a
brand's host of several, unless turned off."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.built_shell import settings, web_dist  # noqa: F401  (the module's fixtures)


def _config(client: TestClient, host: str) -> dict[str, object]:
    shell = client.get("/account/login", headers={"host": host})
    found = re.search(r'<script id="masthead-config"[^>]*>(.+?)</script>', shell.text)
    assert found is not None
    config: dict[str, object] = json.loads(found.group(1))
    return config


def test_a_brand_host_of_several_hops(client: TestClient, runtime: Runtime) -> None:
    assert _config(client, "127.0.0.1")["signInAllBrands"] is True
    assert _config(client, "gossip.localhost")["signInAllBrands"] is True
    assert _config(client, "testserver")["signInAllBrands"] is False  # no brand's host
    runtime.settings.sign_in_all_brands = False
    assert _config(client, "127.0.0.1")["signInAllBrands"] is False
