"""Passwords from breach lists, refused however they are dressed up. Pure; no network.

The list is zxcvbn's 30,000 most common passwords from breach corpora (lower-case), shipped
inside the zxcvbn package. Cracking tools try those words first, and with the usual tricks
around them, so undoing the tricks is part of the check: letter case ("PASSWORD"), digits
and symbols before or after the word ("Password1", "Password123!", "#1Dragon"), look-alike
characters ("P@ssw0rd") and the word written backwards ("Drowssap1"). A password is
refused when one of those readings is a listed password.
"""

from __future__ import annotations

import re
from functools import cache

from zxcvbn.frequency_lists import FREQUENCY_LISTS  # type: ignore[import-untyped]

# The characters zxcvbn's l33t table substitutes for letters, read back. A character that
# stands for two letters ("1" for i or l) has two readings; each reading is tried whole.
_LOOK_ALIKES: dict[str, str] = {
    "4": "a",
    "@": "a",
    "8": "b",
    "(": "c",
    "{": "c",
    "[": "c",
    "<": "c",
    "3": "e",
    "6": "g",
    "9": "g",
    "1": "il",
    "|": "il",
    "!": "i",
    "7": "tl",
    "0": "o",
    "$": "s",
    "5": "s",
    "+": "t",
    "%": "x",
    "2": "z",
}
_READINGS = [
    str.maketrans(
        {char: letters[min(i, len(letters) - 1)] for char, letters in _LOOK_ALIKES.items()}
    )
    for i in range(2)
]

# Anything but a letter (digits, symbols, spaces, underscore) at either end of the word.
_PADDING = re.compile(r"^[\W\d_]+|[\W\d_]+$")


@cache
def _listed() -> frozenset[str]:
    passwords: list[str] = FREQUENCY_LISTS["passwords"]
    return frozenset(passwords)


def _readings(password: str) -> set[str]:
    """The password as a cracking rule would have built it from a listed word."""
    lowered = password.lower()
    forms = {lowered, _PADDING.sub("", lowered)}
    for form in list(forms):
        for table in _READINGS:
            plain = form.translate(table)
            forms.update((plain, _PADDING.sub("", plain)))
    forms.update([form[::-1] for form in forms])
    forms.discard("")
    return forms


def is_breached(password: str) -> bool:
    """True when the password, with the usual tricks undone, is on the breach list."""
    return not _listed().isdisjoint(_readings(password))
