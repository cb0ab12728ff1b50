"""The static pages from an operator's shell, and the text the migration stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from masthead.deps import Runtime
from masthead.migrate import upgrade
from masthead.site.brands import BRANDS
from masthead.site.static_pages import cli
from masthead.site.static_pages.defaults import PATHS, default_page
from masthead.site.static_pages.models import StaticPage


def test_the_cli_lists_sets_shows_and_resets(
    client: TestClient, runtime: Runtime, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = runtime.settings
    assert cli.main(["list"], settings) == 0
    listed = json.loads(capsys.readouterr().out)["pages"]
    assert {(p["brand"], p["path"]) for p in listed} == {
        (b, path) for b in BRANDS for path in PATHS.values()
    }

    page = tmp_path / "terms.json"
    page.write_text(json.dumps({"title": "Terms", "body": "<p>Be kind.</p>"}), encoding="utf-8")
    assert cli.main(["set", "main", "terms", str(page)], settings) == 0
    assert json.loads(capsys.readouterr().out)["edited"] is True
    assert "<p>Be kind.</p>" in client.get("/terms/").text

    page.write_text(json.dumps({"title": "Terms", "body": "<iframe></iframe>"}), "utf-8")
    assert cli.main(["set", "main", "terms", str(page)], settings) == 2
    assert "may not contain <iframe>" in capsys.readouterr().err
    assert cli.main(["show", "main", "about"], settings) == 2
    assert 'There is no static page "about"' in capsys.readouterr().err

    assert cli.main(["reset", "main", "terms"], settings) == 0
    capsys.readouterr()
    assert cli.main(["show", "main", "terms"], settings) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["title"], shown["edited"]) == ("Terms of use", False)
    assert "<p>Be kind.</p>" not in client.get("/terms/").text


def test_the_migration_stores_every_brands_pages(tmp_path: Path) -> None:
    """Fresh databases hold each page's text from the start (SQLite file here: the insert is
    Alembic's bulk_insert, the same on PostgreSQL)."""
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    upgrade(url)
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = {(r.brand, r.slug): r for r in conn.execute(select(StaticPage.__table__))}
    engine.dispose()
    assert set(rows) == {(b, s) for b in BRANDS for s in PATHS}
    for (brand, slug), row in rows.items():
        text = default_page(BRANDS[brand], slug)
        assert (row.title, row.body_html) == (text.title, text.body_html)
