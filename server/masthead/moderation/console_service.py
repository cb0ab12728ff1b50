"""The word lists moderators edit in the staff console, on top of Masthead's built-in lists:
read, add, remove. The profanity check and the comments' pre-moderation read them on every
use (service.edited_lists), so an edit applies at once.

An entry is stored as it is compared (word_lists.normalise_entry: lowercase, single spaces).
The console's HTTP and its audit entries are the comments console's (comments/console), since
the staff domain reaches this one through identity and may not be imported from here.
"""

from __future__ import annotations

import re
from datetime import datetime

from sqlalchemy.orm import Session

from masthead.errors import ApiError
from masthead.moderation import repository, schemas
from masthead.moderation.models import WORD_LENGTH
from masthead.moderation.word_lists import normalise_entry


def word_lists(db: Session) -> schemas.WordListsOut:
    return schemas.WordListsOut(
        banned=repository.words_in(db, "banned"),
        suspect=repository.words_in(db, "suspect"),
        allowed=repository.words_in(db, "allowed"),
    )


def entry_of(word: str) -> str:
    """The word as the lists keep it, or the 400 that says what to change (the wire shape,
    schemas.WordIn, refuses the same first)."""
    entry = normalise_entry(word)
    if not entry:
        raise ApiError(400, "bad-request", "Please type the word or phrase to add.")
    if len(entry) > WORD_LENGTH:
        raise ApiError(
            400,
            "bad-request",
            f"A word or phrase can be at most {WORD_LENGTH} characters; this one has {len(entry)}.",
        )
    if not re.fullmatch(schemas.WORD_PATTERN, entry):
        raise ApiError(
            400, "bad-request", "A word or phrase cannot hold a slash or control characters."
        )
    return entry


def add(db: Session, now: datetime, name: str, word: str, added_by: int | None) -> str:
    """The entry added to the list (as stored); 409 `word-listed` when it is there."""
    entry = entry_of(word)
    if repository.word(db, name, entry) is not None:
        raise ApiError(409, "word-listed", f"“{entry}” is on the {name} list already.")
    repository.add_word(db, name, entry, added_by, now)
    return entry


def remove(db: Session, name: str, word: str) -> str:
    """The entry taken off the list; 404 `word-not-listed` when it is not there."""
    entry = normalise_entry(word)
    row = repository.word(db, name, entry)
    if row is None:
        raise ApiError(404, "word-not-listed", f"“{entry}” is not on the {name} list.")
    repository.remove_word(db, row)
    return entry
