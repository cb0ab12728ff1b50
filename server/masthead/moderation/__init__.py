"""Moderation: the spec's profanity check and the word lists behind it, used wherever a
reader's words are shown (comments, display names, bios)."""
