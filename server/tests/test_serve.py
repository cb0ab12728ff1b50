"""`make run` on another PORT: the links the server hands out point where it listens."""

from __future__ import annotations

import pytest

from masthead.serve import settings_for


def test_without_a_public_url_links_follow_the_port(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MASTHEAD_PUBLIC_URL", raising=False)
    assert settings_for("127.0.0.1", 8611).public_url == "http://127.0.0.1:8611"


def test_a_configured_public_url_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTHEAD_PUBLIC_URL", "https://members.example.com")
    assert settings_for("127.0.0.1", 8611).public_url == "https://members.example.com"
