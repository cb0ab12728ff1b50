"""Wire shapes of the staff console's comment moderation (/admin/api/comments)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from masthead.comments.models import REPORT_NOTE_LENGTH

Queue = Literal["pending", "reported", "all"]
WhoMayComment = Literal["nobody", "signed-in", "members"]
Premoderation = Literal["none", "first-comments", "all"]
# The sites' comments spots (masthead/newsroom.py; a test keeps the two lists the same).
SpotId = Literal["sp_MhMain01", "sp_MhGossip1", "sp_MhLife01"]
BAN_REASON_LENGTH = 500  # CommentBan.reason's room
MOST_BAN_DAYS = 3650  # ten years: longer is "until lifted" (days null)
EXCERPT_LENGTH = 200  # of a parent comment, shown for context


class ReportOut(BaseModel):
    reason: str = Field(description="spam, abuse, harassment, misinformation or other.")
    note: str = Field(description=f"The reader's note, at most {REPORT_NOTE_LENGTH} characters.")
    created_at: datetime


class StoryRef(BaseModel):
    post_id: int
    title: str = Field(description="The story's headline.")
    url: str | None = Field(
        description="The story's address on its site (a path); null for a story never published."
    )


class AuthorRef(BaseModel):
    user_id: int | None = Field(description="Null once the account is erased.")
    display_name: str = Field(description="The name readers see by the comment.")
    email: str | None = Field(description="The account's email address (staff only).")
    banned: bool = Field(description="Whether a ban stops this reader commenting now.")


class QueueItem(BaseModel):
    id: int
    spot_id: str
    status: Literal["published", "pending", "rejected", "deleted"]
    body: str = Field(description="Plain text as the reader wrote it: show it as text.")
    created_at: datetime
    edited_at: datetime | None
    held_reason: str | None = Field(
        description="Why pre-moderation held it: all, first-comment, suspect-word, link or "
        "repeated; null when it was published at once."
    )
    featured: bool
    open_reports: int = Field(description="Readers' reports no moderator has acted on yet.")
    reports: list[ReportOut] = Field(description="Those reports, newest first.")
    parent_id: int | None
    parent_excerpt: str | None = Field(
        description=f"The start of the comment it answers (at most {EXCERPT_LENGTH} "
        "characters), for context; null at the top level."
    )
    story: StoryRef
    author: AuthorRef


class QueuePage(BaseModel):
    items: list[QueueItem]
    next_cursor: str | None = Field(
        description="Pass it as `cursor` (with the same queue) for the next page; null on the "
        "last page."
    )


class ActionOut(BaseModel):
    message: str = Field(description="What happened, for the moderator.")
    comment: QueueItem


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BanIn(_Strict):
    user_id: int | None = Field(
        default=None, ge=1, le=2**31 - 1, description="The reader to ban (or give comment_id)."
    )
    comment_id: int | None = Field(
        default=None,
        ge=1,
        le=2**31 - 1,
        description="A comment whose author to ban (or give user_id).",
    )
    reason: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=BAN_REASON_LENGTH)
    ] = Field(description="Why, for the other moderators (the reader is not shown it).")
    days: int | None = Field(
        ge=1,
        le=MOST_BAN_DAYS,
        description="How many days the ban lasts; null: until a moderator lifts it.",
    )


class BanOut(BaseModel):
    user_id: int
    display_name: str
    email: str
    reason: str
    banned_by: str | None = Field(description="The moderator's email address, if known.")
    created_at: datetime
    expires_at: datetime | None = Field(description="Null: until a moderator lifts it.")


class BanList(BaseModel):
    items: list[BanOut] = Field(description="The bans in force, newest first.")


class SiteSettingsOut(BaseModel):
    spot_id: SpotId = Field(description="The site's comments spot.")
    site: str = Field(description="The site's name.")
    who_may_comment: WhoMayComment
    premoderation: Premoderation = Field(
        description="none; first-comments (a reader's first comment waits); all."
    )


class SiteSettingsList(BaseModel):
    sites: list[SiteSettingsOut]


class SiteSettingsIn(_Strict):
    spot_id: SpotId = Field(description="The site's comments spot.")
    who_may_comment: WhoMayComment
    premoderation: Premoderation


class SiteSettingsChange(_Strict):
    sites: list[SiteSettingsIn] = Field(
        min_length=1, max_length=20, description="The sites to change, each once."
    )
