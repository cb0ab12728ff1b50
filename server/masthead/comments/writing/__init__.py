"""Readers writing in the comments: post, reply, edit, delete, vote, heart, report, and the
rules a comment passes (who may comment, bans, limits, pre-moderation)."""
