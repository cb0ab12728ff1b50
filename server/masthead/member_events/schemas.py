"""Member events' wire shapes: what an editor or an operator sends and reads, and what a
member reads."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from masthead.member_events.models import MemberEvent

EVENT_HELP = (
    " The body: `title` (required), `startsAt` (an ISO 8601 date and time with its offset, "
    "kept in UTC), `place` (required), `link` (https only), `description` (optional). "
    "400 `bad-request` says what to change."
)


class MemberEventIn(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    title: str = Field(max_length=200, examples=["Meet the sports desk"])
    startsAt: datetime = Field(examples=["2027-01-15T23:30:00Z"])
    place: str = Field(max_length=200, examples=["The newsroom, 1211 Sixth Avenue"])
    link: str = Field(max_length=2048, examples=["https://example.com/events/sports-desk"])
    description: str = Field(default="", max_length=2000)


class MemberEventOut(BaseModel):
    id: int
    title: str
    startsAt: datetime
    place: str
    link: str
    description: str


class MemberEventListOut(BaseModel):
    events: list[MemberEventOut]


def event_out(row: MemberEvent) -> MemberEventOut:
    return MemberEventOut(
        id=row.id,
        title=row.title,
        startsAt=row.starts_at,
        place=row.place,
        link=row.link,
        description=row.description,
    )
