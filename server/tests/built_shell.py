"""A built account area for the tests that serve it: they run before (and without) the web
build. A module opts in by importing both fixtures; its ACCOUNT_SHELL, if it sets one, is the
shell. One folder per module, so that the module's tests share one application
(tests/kept_apps.py) instead of building one for a folder of each test's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from masthead.settings import Settings

ACCOUNT_SHELL = "<head><!--masthead-config--></head>"


@pytest.fixture(scope="module")
def web_dist(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    folder = tmp_path_factory.mktemp("web-dist")
    shell = getattr(request.module, "ACCOUNT_SHELL", ACCOUNT_SHELL)
    (folder / "account.html").write_text(shell, encoding="utf-8")
    return folder


@pytest.fixture
def settings(settings: Settings, web_dist: Path) -> Settings:
    return settings.model_copy(update={"web_dist": web_dist})
