"""Wire shapes of the comments service."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class MessagesCountOut(BaseModel):
    messages_count: dict[str, int] = Field(
        description="Each post id asked, as given, with its number of published comments "
        "in the spot (0 for a post without any, or one the spot does not know).",
        examples=[{"3101": 3, "3102": 0}],
    )


class CommentAuthorOut(BaseModel):
    display_name: str = Field(
        description="The name shown: the reader's display name; without one, the first name "
        'and the last name\'s initial ("Jane D."), else "Reader"; "Former reader" once '
        'the account is erased. A private profile shows its display name or "Reader", '
        "nothing else."
    )
    initials: str | None = Field(
        description="The avatar's initials (first letters of the first and last words of "
        "the name shown); null for a private profile or an erased account."
    )
    avatar_color: str | None = Field(
        description="The avatar's colour, like #1a2b3c; null for a private profile or an "
        "erased account."
    )


class ThreadCommentOut(BaseModel):
    id: int
    parent_id: int | None = Field(description="The comment it answers; null at the top level.")
    deleted: bool = Field(
        description="A deleted comment kept for the published replies below it: its body, "
        'author and edit time are null; readers see "This comment was deleted." Also true for '
        "a removed comment (below)."
    )
    removed: bool = Field(
        description="A moderator rejected it after replies were published under it: it keeps "
        'its place as a deleted one does; readers see "This comment was removed by a '
        'moderator."'
    )
    body: str | None = Field(description="Plain text, line breaks kept: never markup.")
    created_at: str = Field(description="When it was written (UTC, ISO 8601).")
    edited_at: str | None = Field(description="When it was last edited, if ever.")
    author: CommentAuthorOut | None
    up_votes: int = Field(description="Readers who voted it up.")
    down_votes: int = Field(description="Readers who voted it down.")
    hearts: int = Field(description="Readers who gave it a heart.")
    featured: bool = Field(
        description="A moderator featured it: it leads the `best` order and carries a badge."
    )
    replies: list[ThreadCommentOut] = Field(
        description="At the top level: its replies, oldest first. Under a reply: every "
        "comment below that reply, at any depth, oldest first (each names its parent). "
        "Under those: always empty."
    )


class ThreadOut(BaseModel):
    total: int = Field(
        description="The story's published comments in the spot, replies included (the "
        "number messages-count gives)."
    )
    comments: list[ThreadCommentOut] = Field(description="This page's top-level comments.")
    next_cursor: str | None = Field(
        description="Pass it as `cursor` (with the same sort) for the next page; null on "
        "the last page."
    )


class AuthorCardOut(CommentAuthorOut):
    profile: Literal["public", "private", "erased"] = Field(
        description="What the author shows: everything below (`public`), their name alone "
        '(`private`), or nothing but "Former reader" once the account is erased.'
    )
    bio: str | None = Field(
        description="What the author wrote about themselves (plain text); null when empty, "
        "for a private profile or an erased account."
    )
    location: str | None = Field(
        description="Where they say they are; null when empty, private or erased."
    )
    comments: int | None = Field(
        description="Their published comments on every story; null when private or erased."
    )
    commenting_since: str | None = Field(
        description="When the first of those was written (UTC, ISO 8601); null when private "
        "or erased."
    )
