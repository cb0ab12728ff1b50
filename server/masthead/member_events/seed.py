"""Demo member events for `make run`: three upcoming ones, added once (by their title)."""

from __future__ import annotations

from datetime import timedelta

from masthead.db import session_scope
from masthead.deps import Runtime
from masthead.member_events import repository
from masthead.member_events.models import MemberEvent

DEMO_EVENTS: list[tuple[int, str, str, str, str]] = [
    # (days from now, title, place, link, description)
    (
        10,
        "Meet the sports desk",
        "The newsroom, 1211 Sixth Avenue, New York",
        "https://example.com/events/sports-desk",
        "An evening with the back page's writers: questions welcome.",
    ),
    (
        24,
        "Members' screening: the year in pictures",
        "Online",
        "https://example.com/events/year-in-pictures",
        "Our photographers walk through the pictures of the year.",
    ),
    (
        45,
        "Food & Drink tasting night",
        "Chelsea Market, New York",
        "https://example.com/events/tasting-night",
        "",
    ),
]


def seed_member_events(runtime: Runtime) -> None:
    for db in session_scope(runtime.sessions):
        present = repository.titles(db)
        now = runtime.clock.now()
        evening = now.replace(hour=23, minute=0, second=0, microsecond=0)
        for days, title, place, link, description in DEMO_EVENTS:
            if title in present:
                continue
            repository.add(
                db,
                MemberEvent(
                    title=title,
                    starts_at=evening + timedelta(days=days),
                    place=place,
                    link=link,
                    description=description,
                    created_at=now,
                    updated_at=now,
                ),
            )
