"""The profanity verdict (masthead.moderation.profanity): what passes and what is refused."""

from __future__ import annotations

import pytest

from masthead.moderation.profanity import check_text, refusal_message

PASSES = [
    # ordinary words that contain a rude one
    "Scunthorpe",
    "assessment",
    "cocktail",
    "Penistone",
    "Essex and Sussex",
    "Arsenal won the class final on grass",
    "shiitake",
    "Hitchcock",
    "therapist",
    "cumulative analysis",
    # names written as names
    "Dick Van Dyke",
    "the Dick Van Dyke Show",
    "Moby Dick",
    "Philip K. Dick",
    "John Lee Hooker",
    "the Negro Leagues",
    "His Negro Leagues career",
    "a Maine Coon",
    "Salman Butt",
    # the news's own vocabulary, and kisses
    "The rapist was jailed for 12 years",
    "Sex education starts at 11",
    "Rick Santorum spoke",
    "a great tit in the garden",
    "See you soon xx",
    "",
]

REFUSED = [
    ("shit", "shit"),
    ("Well, fuck you", "fuck"),
    ("sh1t", "sh1t"),  # as the reader wrote it
    ("s.h.i.t", "shit"),
    ("f u c k", "fuck"),
    ("shiiiit", "shit"),
    ("f*ck", "f*ck"),
    ("b1tch", "bitch"),
    ("fück", "fuck"),
    ("\uff46\uff55\uff43\uff4b", "fuck"),  # fullwidth letters
    ("fucked", "fucked"),  # our list: the dictionary has whole words, not inflections
    ("whore", "whore"),
    # a name word that is no name
    ("dick", "dick"),
    ("Dick", "dick"),
    ("DICK VAN DYKE", "dick"),
    ("dick van dyke", "dick"),
    ("You Dick", "Dick"),
    ("Big Dick", "Dick"),
    ("Suck My Dick", "Dick"),
    ("Dick Head", "Dick"),
]


@pytest.mark.parametrize("text", PASSES)
def test_passes(text: str) -> None:
    verdict = check_text(text)
    assert verdict.passed, verdict
    assert verdict.word is None


@pytest.mark.parametrize(("text", "word"), REFUSED)
def test_refused_naming_the_word(text: str, word: str) -> None:
    verdict = check_text(text)
    assert verdict.result == "profane"
    assert verdict.word == word


def test_the_first_refused_word_in_the_text_is_named() -> None:
    assert check_text("what a twat, and a shit one").word == "twat"


def test_moderators_banned_words_are_refused() -> None:
    assert check_text("you numpty").passed
    verdict = check_text("you numpty", extra_banned=["Numpty"])
    assert verdict.word == "numpty"
    # and read through the same obfuscations as the library's own words
    assert not check_text("you n.u.m.p.t.y", extra_banned=["numpty"]).passed


def test_moderators_allowed_words_win_over_banned_ones() -> None:
    assert not check_text("a cock crowed").passed
    assert check_text("a cock crowed", extra_allowed=["cock"]).passed
    assert check_text("a numpty", extra_banned=["numpty"], extra_allowed=["numpty"]).passed
    # an allowed phrase protects only the phrase
    assert check_text("the cock of the walk", extra_allowed=["Cock of the walk"]).passed
    assert not check_text("a cock", extra_allowed=["cock of the walk"]).passed


def test_the_refusal_says_what_to_change_and_where() -> None:
    assert refusal_message("sh1t", "Your bio") == (
        "Your bio contains “sh1t”, which isn't allowed here. Please reword it and try again."
    )
