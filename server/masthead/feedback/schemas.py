"""Wire shapes of the feedback call."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# The topics a reader picks from, and their labels (the screen shows the same list).
TOPICS = {
    "membership": "Membership and billing",
    "newsletters": "Newsletters",
    "website": "The website or app",
    "other": "Something else",
}
Topic = Literal["membership", "newsletters", "website", "other"]
MESSAGE_MAX = 4000


class FeedbackIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    topic: Topic = Field(description="membership, newsletters, website or other.")
    message: str = Field(
        min_length=1, max_length=MESSAGE_MAX, description="What the reader wants to tell us."
    )
    may_reply: bool = Field(
        default=False, strict=True, description="The reader agrees that staff may reply by email."
    )


class FeedbackOut(BaseModel):
    message: str = Field(description="The thank-you sentence to show.")
