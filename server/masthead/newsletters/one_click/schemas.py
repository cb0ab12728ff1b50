"""Wire shapes of the signed preferences link's calls."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from masthead.newsletters.schemas import NewslettersOut

ListId = Annotated[int, Field(ge=1)]


class PreferencesOut(NewslettersOut):
    email: str = Field(
        description="The reader's address, masked (a•••@example.com): the link shows whose "
        "newsletters these are without giving the address to whoever holds it."
    )


class PreferencesIn(BaseModel):
    token: str = Field(
        min_length=1, max_length=200, description="The token of the preferences link."
    )
    subscribe: list[ListId] = Field(
        default_factory=list, max_length=200, description="Ids of lists to join."
    )
    unsubscribe: list[ListId] = Field(
        default_factory=list, max_length=200, description="Ids of lists to leave."
    )
