"""The profanity check as the site API and other domains ask for it.

The word lists are Masthead's defaults (word_lists.toml) for now. When moderators edit lists
in the staff console, this is where they are read and passed to the rules as extra_banned and
extra_allowed (profanity.check_text); the callers do not change.
"""

from __future__ import annotations

from masthead.moderation import schemas
from masthead.moderation.profanity import check_text, refusal_message


def profanity_check(text: str) -> schemas.ProfanityPassed | schemas.ProfanityRefused:
    verdict = check_text(text)
    if verdict.word is None:
        return schemas.ProfanityPassed(result="pass")
    return schemas.ProfanityRefused(result="profane", message=refusal_message(verdict.word))


def text_refusal(text: str, subject: str) -> str | None:
    """None when the text may be saved; else the sentence that tells the reader what to change,
    naming the text as `subject` ("Your display name")."""
    verdict = check_text(text)
    return None if verdict.word is None else refusal_message(verdict.word, subject)
