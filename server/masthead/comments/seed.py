"""Demo comments for `make run`, so the pages' comment counts are not all 0. Idempotent: a
story that has any comment already gets none. Each is filed under its story's own spot."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import NamedTuple

from masthead.comments import repository
from masthead.comments.models import PENDING, PUBLISHED, REJECTED
from masthead.db import session_scope
from masthead.deps import Runtime
from masthead.identity.api import user_by_email


class DemoComment(NamedTuple):
    author: int  # which of the demo readers (an index into the authors given)
    body: str
    status: str = PUBLISHED
    replies_to: int | None = None  # index of the story's comment it answers


# By post id (articles/demo_content.py). Both demo readers (masthead/seed.py: the reader, then
# the subscriber) have published comments here, so neither is a new commenter whose first
# comments the default pre-moderation ("first-comments") holds: in `make run` the demo reader's
# comment appears at once. The published ones are what the counts show:
# 3101 has 3 (one a reply to a reply), 3102 has 1, 3201 has 2, 3301 has 1; the pending and
# rejected ones are not counted.
DEMO_COMMENTS: dict[int, tuple[DemoComment, ...]] = {
    3101: (
        DemoComment(0, "Down three in the third and they still found a way. What a night."),
        DemoComment(1, "The goalie kept them in it. Nobody is talking about that.", replies_to=0),
        DemoComment(0, "Fair. Two huge saves in overtime alone.", replies_to=1),
        DemoComment(1, "Waiting for a moderator to look at this one.", status=PENDING),
    ),
    3102: (DemoComment(1, "About time they gave the kid a shot."),),
    3201: (
        DemoComment(0, "I walked past that restaurant last week!"),
        DemoComment(1, "Good for them. Leave them alone."),
        DemoComment(0, "A comment a moderator turned down.", status=REJECTED),
    ),
    3301: (DemoComment(1, "Made the lemon pasta last night. Ten minutes, really."),),
}
PUBLISHED_DEMO_COUNTS = {
    post: sum(1 for c in comments if c.status == PUBLISHED)
    for post, comments in DEMO_COMMENTS.items()
}


def seed_demo_comments(runtime: Runtime, author_emails: Sequence[str]) -> None:
    """The demo comments, written by these demo readers (who must exist), on the demo
    stories present."""
    for db in session_scope(runtime.sessions):
        authors = [user_by_email(db, email) for email in author_emails]
        stories = repository.story_spots(db, list(DEMO_COMMENTS))
        done = repository.commented_posts(db, list(stories))
        for post_id, spot_id in stories.items():
            if post_id in done:
                continue
            demos, written = DEMO_COMMENTS[post_id], list[int]()
            for n, demo in enumerate(demos):
                author = authors[demo.author % len(authors)]
                parent = None if demo.replies_to is None else written[demo.replies_to]
                comment = repository.add_comment(
                    db,
                    spot_id=spot_id,
                    post_id=post_id,
                    author_id=None if author is None else author.id,
                    body=demo.body,
                    status=demo.status,
                    now=runtime.clock.now() - timedelta(hours=len(demos) - n),  # oldest first
                    parent_id=parent,
                )
                written.append(comment.id)
