"""Addresses nothing answers: a reader gets the brand's HTML "Page not found" with status 404
(the account area's own for unknown /account paths); API clients keep the JSON error shape."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.built_shell import settings, web_dist  # noqa: F401  (the module's fixtures)

ACCOUNT_SHELL = "<html><head><!--masthead-config--></head><body><div id=root></div></body></html>"


@pytest.mark.parametrize(
    "path",
    ["/no-such-page", "/news/", "/2026/11/", "/section/news/extra/", "/dev/nothing", "/terms/x"],
)
def test_an_unknown_page_is_the_brands_html_404(client: TestClient, path: str) -> None:
    missing = client.get(path, headers={"host": "gossip.localhost"})
    assert missing.status_code == 404
    assert missing.headers["content-type"].startswith("text/html")
    html = missing.text
    assert "<title>Page not found | The Scoop</title>" in html
    assert '<h1 class="page-title">Page not found</h1>' in html
    assert 'class="site-header__brand" href="/">The Scoop</a>' in html
    assert '<link rel="icon" href="/favicon/gossip.svg"' in html
    assert '<a href="/">Read the latest from The Scoop</a>' in html


@pytest.mark.parametrize(
    "path",
    [
        "/blaize/nothing",
        "/zephr/nothing",
        "/wp-json/nyp-membership/v1/nothing",
        "/api/nothing",
        "/a",
        "/operator/v1/nothing",
        "/api",
    ],
)
def test_an_unknown_api_address_keeps_the_json_shape(client: TestClient, path: str) -> None:
    missing = client.get(path)
    assert missing.status_code == 404
    assert missing.json() == {
        "type": "not-found",
        "message": "There is nothing at this address.",
    }


def test_only_page_requests_get_the_page(client: TestClient) -> None:
    posted = client.post("/no-such-form", json={})
    assert (posted.status_code, posted.json()["type"]) == (404, "not-found")
    assert client.head("/no-such-page").status_code == 404


def test_a_deliberate_404_of_a_route_keeps_its_own_answer(client: TestClient) -> None:
    # The operator API is absent without its key: its JSON error says so.
    absent = client.get("/operator/v1/static-pages")
    assert absent.json() == {"type": "not-found", "message": "There is nothing here."}


@pytest.mark.parametrize(
    "path",
    [
        "/account",
        "/account/",
        "/account/login",
        "/account/Login/",
        "/account/settings/membership",
        "/account/settings/refer-a-friend",
        "/account/subscribe",
    ],
)
def test_the_account_areas_routes_answer_200(client: TestClient, path: str) -> None:
    shell = client.get(path)
    assert shell.status_code == 200
    assert 'id="masthead-config"' in shell.text


@pytest.mark.parametrize(
    "path",
    ["/account/nope", "/account/settings/nope", "/account/login/extra", "/account/settingsx"],
)
def test_an_unknown_account_path_is_404_with_the_apps_own_page(
    client: TestClient, path: str
) -> None:
    shell = client.get(path)
    assert shell.status_code == 404
    # The app shell: its router shows "Page not found" under the account area's header.
    assert 'id="masthead-config"' in shell.text
    assert "<div id=root></div>" in shell.text
