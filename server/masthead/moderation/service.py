"""The profanity check as the site API and other domains ask for it.

Masthead's default lists (word_lists.toml) plus the lists moderators edit in the staff console
(moderation_words): banned words are refused wherever a reader's words are shown, allowed
words undo a default's false positive, suspect words hold a comment for a moderator.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy.orm import Session

from masthead.moderation import repository, schemas
from masthead.moderation.profanity import check_text, refusal_message
from masthead.moderation.word_lists import normalise_entry


@dataclass(frozen=True)
class EditedLists:
    """The moderators' lists, read once per request (edited_lists)."""

    banned: frozenset[str] = frozenset()
    suspect: frozenset[str] = frozenset()
    allowed: frozenset[str] = frozenset()


NO_EDITS = EditedLists()


def edited_lists(db: Session) -> EditedLists:
    lists: dict[str, set[str]] = {"banned": set(), "suspect": set(), "allowed": set()}
    for name, word in repository.edited_words(db):
        lists.setdefault(name, set()).add(word)
    return EditedLists(
        frozenset(lists["banned"]), frozenset(lists["suspect"]), frozenset(lists["allowed"])
    )


def profanity_check(
    text: str, lists: EditedLists = NO_EDITS
) -> schemas.ProfanityPassed | schemas.ProfanityRefused:
    verdict = check_text(text, extra_banned=lists.banned, extra_allowed=lists.allowed)
    if verdict.word is None:
        return schemas.ProfanityPassed(result="pass")
    return schemas.ProfanityRefused(result="profane", message=refusal_message(verdict.word))


def text_refusal(text: str, subject: str, lists: EditedLists = NO_EDITS) -> str | None:
    """None when the text may be saved; else the sentence that tells the reader what to change,
    naming the text as `subject` ("Your display name")."""
    verdict = check_text(text, extra_banned=lists.banned, extra_allowed=lists.allowed)
    return None if verdict.word is None else refusal_message(verdict.word, subject)


def suspect_word(text: str, lists: EditedLists) -> str | None:
    """The first suspect word the text holds as a whole word (or phrase), if any: such a
    comment waits for a moderator instead of being refused."""
    words = " ".join(re.findall(r"\w+", text.lower()))
    for entry in sorted(lists.suspect):
        if re.search(rf"(?<!\w){re.escape(normalise_entry(entry))}(?!\w)", words):
            return entry
    return None
