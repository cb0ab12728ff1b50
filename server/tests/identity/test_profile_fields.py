"""Pure profile rules, as tables of cases."""

from __future__ import annotations

import pytest

from masthead.identity.profile_fields import complete_names, initials


@pytest.mark.parametrize(
    ("full_name", "expected"),
    [
        ("ada lovelace", "AL"),
        ("Grace Brewster Murray Hopper", "GH"),
        ("Cher", "C"),
        ("  spaced   out  ", "SO"),
        ("", ""),
        ("élodie ørsted", "ÉØ"),
    ],
)
def test_initials_are_first_and_last_words(full_name: str, expected: str) -> None:
    assert initials(full_name) == expected


@pytest.mark.parametrize(
    ("update", "current", "expected"),
    [
        ({"full-name": "Ada Lovelace"}, {}, {"first-name": "Ada", "last-name": "Lovelace"}),
        ({"first-name": "Augusta"}, {"last-name": "King"}, {"full-name": "Augusta King"}),
        ({"last-name": "King"}, {"first-name": "Ada"}, {"full-name": "Ada King"}),
        ({"bio": "x"}, {"first-name": "Ada"}, {"bio": "x"}),
    ],
)
def test_names_stay_in_step(
    update: dict[str, str], current: dict[str, str], expected: dict[str, str]
) -> None:
    result = complete_names(update, current)
    for key, value in expected.items():
        assert result[key] == value
