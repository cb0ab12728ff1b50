"""How the staff console's reader search finds accounts: the terms kept for each account, and
how a query is read. Pure: no I/O (the table is ReaderSearchTerm, the queries are in
readers_repository.py).

An account's terms are its email address, whole, and every word of its first, last, full and
display names, each folded: accents dropped and case folded, so "José" is kept as "jose". A
word joined by hyphens or apostrophes also gives its parts ("Smith-Jones" gives
"smith-jones", "smith" and "jones").

A query is a tracking id (a UUID: found exactly) or words. An account matches when every word
of the query begins one of its terms: "jan" finds jan@example.com and Janet Doe, "ann smi"
finds Ann Smith, "ann@ex" finds ann@example.com. Every comparison is of folded text by code
point (the column's collation is "C" on PostgreSQL, SQLite's is binary), so a prefix is a
range: [word, prefix_end(word)).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

TERM_LENGTH = 320  # the column's; an email address is at most this long
NAME_TERM_LENGTH = 100  # a word of a name, cut here
MAX_TERMS = 40  # per account: the email and the first words of its names
MAX_WORDS = 6  # of a query: more are ignored
NAME_KEYS = ("first-name", "last-name", "full-name", "display-name")
_JOINERS = re.compile(r"[-'\u2019]+")
_TRACKING_ID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_LAST_CODE_POINT = 0x10FFFF
_SURROGATES = range(0xD800, 0xE000)


def fold(text: str) -> str:
    """Accents dropped, case folded, NUL removed (PostgreSQL's text cannot hold it)."""
    decomposed = unicodedata.normalize("NFKD", text.replace("\x00", ""))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def terms_for(email: str, attributes: Mapping[str, Any]) -> set[str]:
    """The terms an account is found by (its email first, then its names' words)."""
    terms: list[str] = []
    if email.strip():
        terms.append(fold(email.strip())[:TERM_LENGTH])
    for key in NAME_KEYS:
        value = attributes.get(key)
        if not isinstance(value, str):
            continue
        for word in fold(value).split():
            word = word[:NAME_TERM_LENGTH]
            terms.append(word)
            terms.extend(part for part in _JOINERS.split(word) if part and part != word)
    return set(list(dict.fromkeys(terms))[:MAX_TERMS])


@dataclass(frozen=True)
class ReaderQuery:
    """A tracking id, or the words every match must begin a term with; neither: empty."""

    tracking_id: str | None = None
    words: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return self.tracking_id is None and not self.words


def read_query(raw: str) -> ReaderQuery:
    text = fold(raw).strip()
    if _TRACKING_ID.match(text):
        return ReaderQuery(tracking_id=text)
    words = list(dict.fromkeys(word[:TERM_LENGTH] for word in text.split()))
    return ReaderQuery(words=tuple(words[:MAX_WORDS]))


def prefix_end(prefix: str) -> str | None:
    """The least string after every string that starts with `prefix` (None: no such string,
    every string from `prefix` on starts with it)."""
    while prefix:
        last = ord(prefix[-1])
        if last < _LAST_CODE_POINT:
            following = last + 1
            if following in _SURROGATES:  # never in text: skip to the next code point
                following = _SURROGATES.stop
            return prefix[:-1] + chr(following)
        prefix = prefix[:-1]
    return None
