"""The proper-name rule: a name word passes only as part of a capitalised name."""

from __future__ import annotations

import pytest

from masthead.moderation.proper_names import screen_proper_names

NAME_WORDS = {"dick", "hooker"}
NOT_BEFORE = {"you", "big", "my"}
NOT_AFTER = {"head"}


@pytest.mark.parametrize(
    ("text", "screened", "insult"),
    [
        ("Dick Van Dyke", "     Van Dyke", None),
        ("Moby Dick!", "Moby     !", None),
        ("Philip K. Dick", "Philip K.     ", None),
        ("John Lee Hooker sang", "John Lee        sang", None),
        ("My Dick Van Dyke impression", "My      Van Dyke impression", None),
        ("Dick", "Dick", None),  # alone: left to the dictionary
        ("dick Van", "dick Van", None),  # not written as a name
        ("DICK VAN", "DICK VAN", None),
        ("Moby\nDick", "Moby\nDick", None),  # a line break ends a name
        ("You Dick", "You Dick", "Dick"),
        ("Big Dick", "Big Dick", "Dick"),
        ("Dick Head", "Dick Head", "Dick"),
    ],
)
def test_screen(text: str, screened: str, insult: str | None) -> None:
    result = screen_proper_names(text, NAME_WORDS, NOT_BEFORE, NOT_AFTER)
    assert (result.text, result.insult) == (screened, insult)
    assert len(result.text) == len(text)  # positions stay where they were
