"""Moderation's public face: what other parts of Masthead may import of it (comments, display
names and bios go through the profanity check before they are saved; comments with a suspect
word wait for a moderator)."""

from masthead.moderation.models import WORD_LENGTH, WORD_LISTS
from masthead.moderation.profanity import MAX_TEXT_LENGTH
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
    "edited_lists",
    "suspect_word",
    "text_refusal",
]
