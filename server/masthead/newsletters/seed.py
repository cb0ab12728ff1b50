"""Demo lists for `make run`: a few per group, added once (by their provider id)."""

from __future__ import annotations

from masthead.db import session_scope
from masthead.deps import Runtime
from masthead.newsletters import repository
from masthead.newsletters.groups import EXCLUSIVE_GROUPS
from masthead.newsletters.models import NewsletterList

DEMO_LISTS: list[tuple[str, str, str, str]] = [
    # (group, st_id, name, description)
    ("main", "main-morning", "Morning Report", "The day's top stories before breakfast."),
    ("main", "main-sports", "Sports Daily", "Scores, trades and the back page, every evening."),
    ("main", "main-politics", "Politics Weekly", "City Hall and Albany, every Friday."),
    ("gossip", "gossip-page-six", "Celebrity Buzz", "Who was seen where, every weekday."),
    ("gossip", "gossip-royals", "Royal Watch", "The palace's week, every Sunday."),
    ("lifestyle", "life-food", "Food & Drink", "Where to eat and what to cook, weekly."),
    ("lifestyle", "life-travel", "Getaways", "Trips worth taking, twice a month."),
    ("member-exclusive", "member-insider", "Members' Insider", "Behind the stories, for members."),
    ("member-exclusive", "member-early", "Early Edition", "Tomorrow's paper tonight."),
    ("team-exclusive", "team-yankees", "Yankees Clubhouse", "The beat writer's notebook."),
    ("team-exclusive", "team-giants", "Giants Huddle", "Every snap, every Monday."),
    ("columnist-exclusive", "col-sherman", "The Columnist's Notebook", "A column a week, early."),
]


def seed_newsletters(runtime: Runtime) -> None:
    for db in session_scope(runtime.sessions):
        present = repository.st_ids(db)
        for position, (group, st_id, name, description) in enumerate(DEMO_LISTS):
            if st_id in present:
                continue
            repository.add_list(
                db,
                NewsletterList(
                    st_id=st_id,
                    name=name,
                    description=description,
                    group=group,
                    exclusive=group in EXCLUSIVE_GROUPS,
                    retired=False,
                    position=position,
                ),
            )
