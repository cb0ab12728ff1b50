"""Moderation's public face: what other parts of Masthead may import of it (comments, display
names and bios go through the profanity check before they are saved)."""

from masthead.moderation.profanity import MAX_TEXT_LENGTH
from masthead.moderation.service import text_refusal

__all__ = ["MAX_TEXT_LENGTH", "text_refusal"]
