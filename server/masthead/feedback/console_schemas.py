"""Wire shapes of the staff console's feedback list (/admin/api/feedback)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

PAGE_SIZE = 50
# The sites a message is sent from (site.brands BRANDS' keys).
BrandKey = Literal["main", "gossip", "lifestyle"]


class FeedbackItem(BaseModel):
    id: int
    created_at: datetime
    topic: str = Field(description="membership, newsletters, website or other.")
    brand: str = Field(description="The site it was sent from: main, gossip or lifestyle.")
    message: str = Field(description="What the reader wrote, in full.")
    may_reply: bool = Field(description="The reader agreed that staff may reply by email.")
    email: str = Field(description="The reader's address when they wrote.")
    reader_id: int | None = Field(
        description="The account's id, the path of its page in the console's Readers; null "
        "once the account is deleted."
    )
    reader_name: str | None = Field(
        description="The account's full or display name today; null when it has none or is deleted."
    )


class FeedbackPlace(BaseModel):
    """Where the next page starts: asked with before=created_at, before_id=id."""

    created_at: datetime
    id: int


class FeedbackListOut(BaseModel):
    items: list[FeedbackItem] = Field(description="Newest first, at most 50.")
    next: FeedbackPlace | None = Field(description="The next (older) page's start; null: none.")
