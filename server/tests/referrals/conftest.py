"""Referral tests sign tokens with the demo tenant's short key, as merchants may."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(
                pytest.mark.filterwarnings("ignore::jwt.warnings.InsecureKeyLengthWarning")
            )
