"""Each brand's icon: named by every HTML page, served, and /favicon.ico leads to it, so no
page's console shows a missing icon."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.site.brands import BRANDS

HOSTS = {"main": "127.0.0.1", "gossip": "gossip.localhost", "lifestyle": "lifestyle.localhost"}


@pytest.mark.parametrize("brand", sorted(BRANDS))
def test_each_brand_has_its_icon_in_its_colour(client: TestClient, brand: str) -> None:
    icon = client.get(f"/favicon/{brand}.svg")
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/svg+xml"
    assert icon.text.startswith("<svg xmlns=")
    assert f'fill="{BRANDS[brand].primary}"' in icon.text
    assert "max-age" in icon.headers["cache-control"]


@pytest.mark.parametrize("brand", sorted(BRANDS))
@pytest.mark.parametrize("path", ["/", "/section/nope/", "/no-such-page", "/terms/"])
def test_every_publisher_page_names_its_brands_icon(
    client: TestClient, brand: str, path: str
) -> None:
    html = client.get(path, headers={"host": HOSTS[brand]}).text
    assert f'<link rel="icon" href="/favicon/{brand}.svg" type="image/svg+xml">' in html


def test_favicon_ico_leads_to_the_hosts_icon(client: TestClient) -> None:
    for brand, host in HOSTS.items():
        moved = client.get("/favicon.ico", headers={"host": host}, follow_redirects=False)
        assert (moved.status_code, moved.headers["location"]) == (302, f"/favicon/{brand}.svg")
    assert client.get("/favicon.ico").headers["content-type"] == "image/svg+xml"


def test_an_unknown_icon_is_404(client: TestClient) -> None:
    assert client.get("/favicon/nypost.svg").status_code == 404
    assert client.get("/favicon/main.png").status_code == 404
