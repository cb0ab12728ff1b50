"""Masthead's default word lists (word_lists.toml), read once at import: pure data."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

LISTS_FILE = Path(__file__).with_name("word_lists.toml")


@dataclass(frozen=True)
class WordLists:
    banned: frozenset[str]
    allowed: frozenset[str]
    name_words: frozenset[str]
    not_a_name_before: frozenset[str]
    not_a_name_after: frozenset[str]


def normalise_entry(entry: str) -> str:
    """How an entry is compared: lowercase, single spaces ("  Date   Rape " is "date rape")."""
    return " ".join(entry.lower().split())


def entries(values: object) -> frozenset[str]:
    """A list's entries, normalised; blank ones dropped."""
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ValueError(f"{LISTS_FILE.name}: every list must be a list of strings")
    return frozenset(e for e in (normalise_entry(v) for v in values) if e)


def load(path: Path = LISTS_FILE) -> WordLists:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return WordLists(
        banned=entries(data["banned"]),
        allowed=entries(data["allowed"]),
        name_words=entries(data["name_words"]),
        not_a_name_before=entries(data["not_a_name_before"]),
        not_a_name_after=entries(data["not_a_name_after"]),
    )


DEFAULT_LISTS = load()
