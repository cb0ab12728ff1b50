"""/api/docs: Swagger UI from Masthead's own files (npm swagger-ui-dist, copied into the
account area's build as docs/), nothing fetched from a third party."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.settings import Settings


def _client(settings: Settings, clock: FrozenClock, web_dist: Path) -> Iterator[TestClient]:
    app = create_app(settings.model_copy(update={"web_dist": web_dist}), clock)
    with TestClient(app) as client:
        yield client
    app.state.runtime.engine.dispose()


@pytest.fixture
def built(settings: Settings, clock: FrozenClock, tmp_path: Path) -> Iterator[TestClient]:
    """A build holding the docs' two files as the web build writes them."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "swagger-ui-bundle.js").write_text("window.SwaggerUIBundle=1;", "utf-8")
    (tmp_path / "docs" / "swagger-ui.css").write_text(".swagger-ui{}", "utf-8")
    yield from _client(settings, clock, tmp_path)


def test_the_docs_page_uses_only_local_files_and_they_answer(built: TestClient) -> None:
    page = built.get("/api/docs")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    html = page.text
    assert '<html lang="en">' in html
    addresses = re.findall(r'(?:src|href)="([^"]*)"', html)
    assert sorted(addresses) == [
        "/favicon/main.svg",
        "/static/docs/swagger-ui-bundle.js",
        "/static/docs/swagger-ui.css",
    ]
    assert not re.search(r"https?://|//[a-z]", html.replace("http://www.w3.org", ""))
    for address in addresses:
        assert built.get(address).status_code == 200, address
    # The document the docs read, and no validator badge calling validator.swagger.io.
    assert "url:'/api/openapi.json'" in html
    assert "validatorUrl:null" in html
    assert built.get("/api/openapi.json").status_code == 200


def test_without_a_build_the_page_says_what_to_run(
    settings: Settings, clock: FrozenClock, tmp_path: Path
) -> None:
    for client in _client(settings, clock, tmp_path):
        page = client.get("/api/docs")
        assert page.status_code == 503
        assert "make run" in page.text
        assert 'href="/api/openapi.json"' in page.text
