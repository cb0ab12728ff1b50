"""Wire shapes of the site API's webhook call."""

from __future__ import annotations

from pydantic import BaseModel, Field


class EventQueued(BaseModel):
    id: str = Field(description="The event's id: the webhook-id its deliveries carry.")
    queued: bool = Field(description="Always true: stored in the outbox, delivered later.")
