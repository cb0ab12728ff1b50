"""Wire shapes of the comments service."""

from __future__ import annotations

from pydantic import BaseModel, Field


class MessagesCountOut(BaseModel):
    messages_count: dict[str, int] = Field(
        description="Each post id asked, as given, with its number of published comments "
        "in the spot (0 for a post without any, or one the spot does not know).",
        examples=[{"3101": 3, "3102": 0}],
    )
