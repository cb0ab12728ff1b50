"""Wire shapes of the reader's calls in the comments: their state on a story, and writing."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from masthead.comments.models import REPORT_NOTE_LENGTH
from masthead.comments.schemas import CommentAuthorOut, ThreadCommentOut
from masthead.comments.service import SPOT_ID_PATTERN
from masthead.moderation.api import MAX_TEXT_LENGTH

BODY_DESCRIPTION = (
    f"Plain text (links allowed, no HTML tags): 1 to {MAX_TEXT_LENGTH:,} characters once trimmed."
)
ReportReason = Literal["spam", "abuse", "harassment", "misinformation", "other"]


class OpinionOut(BaseModel):
    vote: Literal[-1, 0, 1] = Field(description="The reader's vote: 1 up, -1 down, 0 none.")
    heart: bool = Field(description="Whether the reader gave it a heart.")


class MeOut(BaseModel):
    signed_in: bool = Field(description="A live Masthead session cookie came with the call.")
    commenter: CommentAuthorOut | None = Field(
        description="The reader as the thread shows them; null without a comments session."
    )
    may_comment: bool
    refusal: str | None = Field(
        description="Why the reader may not comment, as a sentence to show; null when they may."
    )
    opinions: dict[str, OpinionOut] = Field(
        description="The reader's votes and hearts on this story's comments, by comment id."
    )
    own: list[int] = Field(
        description="The reader's comments on this story, in any status but deleted."
    )
    pending: list[ThreadCommentOut] = Field(
        description="The reader's comments on this story waiting for a moderator (shown to "
        "them alone), oldest first."
    )
    followed: list[int] = Field(
        description="This story's published comments whose authors the reader follows "
        "(POST /comments/v1/messages/{comment_id}/follow-author)."
    )
    unread_notifications: int


class PostIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    spot_id: str = Field(pattern=SPOT_ID_PATTERN, description="The story's comments spot.")
    post_id: int | str = Field(description="The story's post id.")
    parent_id: int | None = Field(
        default=None, ge=1, le=2**31 - 1, description="The comment this one answers."
    )
    body: str = Field(description=BODY_DESCRIPTION)


class EditIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    body: str = Field(description=BODY_DESCRIPTION)


class WrittenOut(BaseModel):
    comment: ThreadCommentOut
    status: Literal["published", "pending"] = Field(
        description="published: in the thread now; pending: waiting for a moderator."
    )
    message: str | None = Field(description="What to tell the reader when it waits; else null.")


class VoteIn(BaseModel):
    vote: int = Field(ge=-1, le=1, description="1 up, -1 down, 0 to take it back.")

    @field_validator("vote", mode="before")
    @classmethod
    def _a_json_number(cls, value: object) -> object:
        """A JSON integer (1, or 1.0: the same number), never true, false or "1"."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("vote must be -1, 0 or 1")
        return value


class VoteOut(BaseModel):
    up_votes: int
    down_votes: int
    vote: Literal[-1, 0, 1]


class HeartIn(BaseModel):
    heart: bool = Field(strict=True, description="true to give a heart, false to take it back.")


class HeartOut(BaseModel):
    hearts: int
    heart: bool


class ReportIn(BaseModel):
    reason: ReportReason
    note: str = Field(default="", max_length=REPORT_NOTE_LENGTH, description="Optional details.")


class MessageOut(BaseModel):
    message: str
