"""Proper names that contain a rude word ("Dick Van Dyke", "Moby Dick", "John Lee Hooker").

The rule: a name word (word_lists.toml) passes when it is written as a name is, capitalised
("Dick", not "dick" or "DICK"), and stands next to another capitalised word or an initial
(the rest of the name). A neighbour that turns it into an insult ("You Dick", "Big Dick",
"Dick Head": not_a_name_before, not_a_name_after) makes it refused here, whatever the
library's own, looser rule for "Dick" says. Alone ("Dick is here") it cannot be told from the
insult, so the library's dictionary refuses it: a reader writes the full name.

Pure: no I/O. Linear in the text's length (one scan for words, one pass over them).
"""

from __future__ import annotations

import re
from collections.abc import Set
from dataclasses import dataclass

# A run of letters in any script; digits and marks of leetspeak split words, which is right:
# "D1ck" is not written as a name is.
_WORD = re.compile(r"[^\W\d_]+")
# Between two words of one name: a space, or an initial's full stop and a space ("K. Dick").
_NAME_GAP = re.compile(r"\.? ")


def _capitalised(word: str) -> bool:
    """Written as a name is: "Dick", "Van", "K" (an initial); not "dick", "DICK", "DiCk"."""
    return word[0].isupper() and (len(word) == 1 or word[1:].islower())


@dataclass(frozen=True)
class NameScreen:
    # The text with each name word that is part of a proper name replaced by spaces (the
    # same length, so positions in the text stay where they were).
    text: str
    # The first name word made an insult by its neighbour ("You Dick"), as written.
    insult: str | None = None


def screen_proper_names(
    text: str,
    name_words: Set[str],
    not_before: Set[str],
    not_after: Set[str],
) -> NameScreen:
    words = list(_WORD.finditer(text))
    spans: list[tuple[int, int]] = []
    insult: str | None = None
    for i, match in enumerate(words):
        word = match.group()
        if word.lower() not in name_words or not _capitalised(word):
            continue
        before = words[i - 1] if i > 0 else None
        after = words[i + 1] if i + 1 < len(words) else None
        if before is not None and not _NAME_GAP.fullmatch(text, before.end(), match.start()):
            before = None
        if after is not None and not _NAME_GAP.fullmatch(text, match.end(), after.start()):
            after = None
        name_follows = after is not None and _capitalised(after.group())
        # "Big Dick" and "Suck My Dick" are insults; "My Dick Van Dyke impression" and "His
        # Negro Leagues career" name someone or something: the name goes on after the word.
        made_insult_before = (
            before is not None and before.group().lower() in not_before and not name_follows
        )
        made_insult_after = after is not None and after.group().lower() in not_after
        if made_insult_before or made_insult_after:
            insult = insult or word
        elif name_follows or (before is not None and _capitalised(before.group())):
            spans.append(match.span())
    if not spans:
        return NameScreen(text, insult)
    parts: list[str] = []
    cursor = 0
    for start, end in spans:
        parts.append(text[cursor:start])
        parts.append(" " * (end - start))
        cursor = end
    parts.append(text[cursor:])
    return NameScreen("".join(parts), insult)
