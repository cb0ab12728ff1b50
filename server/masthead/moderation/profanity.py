"""The profanity verdict for a text: the spec's check (section 5: display names and text go
through it; any result other than 'pass' fails).

The matching is glin-profanity's: whole words only (so "Scunthorpe", "assessment" and
"cocktail" pass), through its views of the text that undo leetspeak ("sh1t"), separators
("s.h.i.t", "f u c k"), masks ("f*ck"), stretched letters ("shiiiit"), look-alike and accented
letters (fullwidth "fuck", "fück") and HTML entities. On top: Masthead's own lists
(word_lists.toml), the proper-name rule (proper_names.py), and the lists moderators edit,
passed in as `extra_banned` / `extra_allowed`.

Pure: no I/O beyond the library's data read at import. The cost is bounded by the length
limit the callers enforce (MAX_TEXT_LENGTH): about linear, a few milliseconds per 1,000
characters, 100 ms in the worst case the tests know of.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from glin_profanity import Filter  # type: ignore[import-untyped]

from masthead.moderation.proper_names import screen_proper_names
from masthead.moderation.word_lists import DEFAULT_LISTS, WordLists, normalise_entry

# The longest text the check accepts: a bio is 500 characters, a comment 2,000 at most. The
# library's whitelist pass costs more than linear time on long texts of many name-like hits
# ("Dick Dick Dick ..."), so the bound is also what keeps a check cheap.
MAX_TEXT_LENGTH = 2000

Result = Literal["pass", "profane"]


@dataclass(frozen=True)
class Verdict:
    result: Result
    # The first refused word, as the text has it where the library matched it as written
    # ("f*ck", "sh1t"), else the word it reads as ("shit" for "s.h.i.t"); None on pass.
    word: str | None = None

    @property
    def passed(self) -> bool:
        return self.result == "pass"


PASS = Verdict("pass")


def refusal_message(word: str, subject: str = "This text") -> str:
    """The sentence a reader acts on: what to change, and where."""
    return f"{subject} contains “{word}”, which isn't allowed here. Please reword it and try again."


# No word hides in a long run of digits, and glin-profanity 4.1.0 reads one in quadratic time
# (its pattern for measurements such as "5m" retries from every digit of the run: 2,000 digits
# cost 0.1 s, 8,000 cost 2.7 s). Runs are cut short before the library reads the text.
_LONG_DIGIT_RUN = re.compile(r"\d{9,}")


def _shorten_digit_runs(text: str) -> str:
    return _LONG_DIGIT_RUN.sub(lambda run: run.group()[:8], text)


# The library's English dictionary, to tell the allowed entries that drop one of its words
# from those that name a safe phrase.
_DICTIONARY = frozenset(Filter({"languages": ["english"], "obfuscation": "off"}).words)


@lru_cache(maxsize=16)
def _filter(banned: frozenset[str], allowed: frozenset[str]) -> Any:
    """One library filter per combination of lists (built in about 10 ms; the lists change
    only when a moderator edits them). Allowed wins over banned: it is the remedy for a false
    positive. An allowed entry of the dictionary is dropped from it; any other allowed entry
    is a safe phrase, whose hits inside it are ignored ("great tit")."""
    safe_phrases = sorted(allowed - _DICTIONARY - banned)
    return Filter(
        {
            "languages": ["english"],
            "custom_words": sorted(banned - allowed),
            "ignore_words": sorted(allowed),
            "whitelist": safe_phrases,
            "detect_leetspeak": True,
            "obfuscation": "standard",  # separators, masks, stretched letters, HTML entities
        }
    )


def check_text(
    text: str,
    *,
    extra_banned: Iterable[str] = (),
    extra_allowed: Iterable[str] = (),
    lists: WordLists = DEFAULT_LISTS,
) -> Verdict:
    """The verdict for a text (callers bound its length by MAX_TEXT_LENGTH)."""
    banned = lists.banned | {normalise_entry(e) for e in extra_banned if e.strip()}
    allowed = lists.allowed | {normalise_entry(e) for e in extra_allowed if e.strip()}
    names = screen_proper_names(
        _shorten_digit_runs(text), lists.name_words, lists.not_a_name_before, lists.not_a_name_after
    )
    if names.insult is not None and normalise_entry(names.insult) not in allowed:
        return Verdict("profane", names.insult)
    found = _filter(frozenset(banned), frozenset(allowed)).check_profanity(names.text)
    if not found["contains_profanity"]:
        return PASS
    matches = found.get("matches") or []
    lowered = names.text.lower()
    # The earliest hit; at one place, the reader's own spelling ("sh1t") before the word it
    # reads as ("shit").
    first = min(
        matches, key=lambda m: (m.get("index", 0), str(m["word"]) not in lowered), default=None
    )
    word = first["word"] if first else found["profane_words"][0]
    return Verdict("profane", str(word))
