"""Wire shapes of a commenter's notifications and follows."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class NotificationOut(BaseModel):
    id: int
    kind: Literal["reply", "mention", "like", "follower"]
    text: str = Field(
        description='One sentence to show, such as "Jane D. replied to your comment on '
        '“<story title>”": the other reader named as the thread shows them.'
    )
    post_url: str | None = Field(
        description="The story's comments (its address with #comments); null when the story "
        "is gone."
    )
    comment_id: int | None = Field(description="The comment it is about.")
    created_at: datetime = Field(description="When it happened (UTC).")
    read: bool = Field(description="Whether the reader has seen it (notifications/read).")


class NotificationsOut(BaseModel):
    unread: int = Field(description="How many of the reader's notifications are unread, all told.")
    notifications: list[NotificationOut] = Field(description="The latest 20, newest first.")


class FollowingOut(BaseModel):
    following: bool = Field(description="Whether the reader now follows the comment's author.")
