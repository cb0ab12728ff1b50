"""The built front ends are served: the account area's shell and the widget script."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.settings import Settings


def _client(settings: Settings, clock: FrozenClock, tmp_path: Path) -> TestClient:
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "account.html").write_text("<head><!--masthead-config--></head>")
    (tmp_path / "widget").mkdir()
    (tmp_path / "widget" / "squatch.min.js").write_text("window.squatch={};")
    (tmp_path / "widget" / "squatch-cta.js").write_text("squatch._chunks={};")
    built = settings.model_copy(
        update={"web_dist": tmp_path / "web", "widget_dist": tmp_path / "widget"}
    )
    return TestClient(create_app(built, clock))


def test_widget_script_is_served(settings: Settings, clock: FrozenClock, tmp_path: Path) -> None:
    with _client(settings, clock, tmp_path) as client:
        response = client.get("/widget/squatch.min.js")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/javascript")
        assert response.text == "window.squatch={};"
        assert client.get("/widget/../account.html").status_code == 404
        assert client.get("/widget/other.js").status_code == 404
        # A chunk the script loads on first use, from beside it.
        chunk = client.get("/widget/squatch-cta.js")
        assert chunk.status_code == 200
        assert chunk.text == "squatch._chunks={};"


def test_account_shell_carries_the_client_config(
    settings: Settings, clock: FrozenClock, tmp_path: Path
) -> None:
    with _client(settings, clock, tmp_path) as client:
        response = client.get("/account/settings/display")
        assert response.status_code == 200
        assert '<script id="masthead-config" type="application/json">' in response.text
        assert '"allowedRedirectHosts"' in response.text
