"""Which comments of a story became published since the poller's last look
(comments/live/watch.py): looks given as rows, as the database would answer them."""

from __future__ import annotations

from masthead.comments.live.watch import LAG, PublishedSince, Seen
from masthead.comments.models import DELETED, PENDING, PUBLISHED, REJECTED


def rows(*seen: tuple[int, str], parent: int | None = None) -> list[Seen]:
    return [Seen(comment_id, parent, status) for comment_id, status in seen]


def look(watch: PublishedSince, story: dict[int, str]) -> list[tuple[int, int | None]]:
    """What the poller reads (the story's comments from the floor on), and the answer."""
    return watch.changes(rows(*((i, s) for i, s in story.items() if i >= watch.floor)))


def test_what_is_published_at_the_first_look_is_old_news() -> None:
    story = {1: PUBLISHED, 2: PUBLISHED}
    watch = PublishedSince(rows(*story.items()))
    assert look(watch, story) == []
    story[3] = PUBLISHED
    assert look(watch, story) == [(3, None)]
    assert look(watch, story) == []  # once


def test_a_held_comment_approved_later_is_announced_then() -> None:
    story = {1: PUBLISHED, 2: PENDING}
    watch = PublishedSince(rows(*story.items()))
    story.update({3: PUBLISHED, 4: PENDING})
    assert look(watch, story) == [(3, None)]
    for _ in range(LAG + 2):  # many looks later, the held ones still hold the floor
        story[max(story) + 1] = DELETED
        look(watch, story)
    assert watch.floor == 2
    story[2] = PUBLISHED
    assert look(watch, story) == [(2, None)]
    story[4] = PUBLISHED
    assert look(watch, story) == [(4, None)]


def test_an_id_committed_after_a_higher_one_is_still_announced() -> None:
    story = {1: PUBLISHED}
    watch = PublishedSince(rows(*story.items()))
    story[3] = PUBLISHED  # 2 was given out first but commits later
    assert look(watch, story) == [(3, None)]
    story[2] = PUBLISHED
    assert look(watch, story) == [(2, None)]


def test_the_floor_follows_the_newest_comments() -> None:
    story = {1: PUBLISHED, 2: REJECTED}
    watch = PublishedSince(rows(*story.items()))
    for _ in range(LAG + 1):
        story[max(story) + 1] = PUBLISHED
        assert look(watch, story) == [(max(story), None)]
    assert watch.floor > 2  # neither the old published nor the rejected are read again


def test_replies_name_their_parent_and_come_in_id_order() -> None:
    watch = PublishedSince([])
    assert watch.changes([Seen(7, 5, PUBLISHED), Seen(6, None, PUBLISHED)]) == [(6, None), (7, 5)]
