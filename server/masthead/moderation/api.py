"""Moderation's public face: what other parts of Masthead may import of it (comments, display
names and bios go through the profanity check before they are saved; comments with a suspect
word wait for a moderator; the staff console edits the moderators' lists through
`word_lists`, `add_word` and `remove_word`)."""

from masthead.moderation.console_service import add as add_word
from masthead.moderation.console_service import remove as remove_word
from masthead.moderation.console_service import word_lists
from masthead.moderation.models import WORD_LENGTH, WORD_LISTS
from masthead.moderation.profanity import MAX_TEXT_LENGTH
from masthead.moderation.schemas import WordIn, WordListName, WordListsOut
from masthead.moderation.service import (
    NO_EDITS,
    EditedLists,
    edited_lists,
    suspect_word,
    text_refusal,
)

__all__ = [
    "MAX_TEXT_LENGTH",
    "NO_EDITS",
    "WORD_LENGTH",
    "WORD_LISTS",
    "EditedLists",
    "WordIn",
    "WordListName",
    "WordListsOut",
    "add_word",
    "edited_lists",
    "remove_word",
    "suspect_word",
    "text_refusal",
    "word_lists",
]
