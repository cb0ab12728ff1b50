"""The README's settings table names every setting, so operators see all of them."""

from __future__ import annotations

from masthead.settings import REPO_ROOT, Settings


def test_every_setting_is_documented() -> None:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    missing = [name for name in Settings.model_fields if f"`MASTHEAD_{name.upper()}`" not in readme]
    assert missing == []
