"""Which of a story's comments became published since the last look: pure, no I/O (table
tests in tests/comments).

The poller reads the story's comments whose id is at least `floor` (id, parent, status) every
few seconds, and this tracker says which are newly published. Ids alone are not enough:
- a moderator approving a comment held earlier publishes an id below the highest seen, so
  the floor stays at the lowest comment still pending, and ids seen published are kept;
- two comments written at once may commit in the other order than their ids (PostgreSQL
  hands out ids before commit), so the floor also trails the highest id by the tops of the
  last LAG looks: an id that commits up to that many polls after a higher one is still seen.
What is read each time is the story's few newest comments (and any still pending), from one
index: cheap, and correct without a column of its own. A comment rejected and approved much
later, below the floor, is not announced (the reader sees it on the next load).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from masthead.comments.models import PENDING, PUBLISHED

LAG = 5  # looks an id may commit late by and still be announced


@dataclass(frozen=True, slots=True)
class Seen:
    id: int
    parent_id: int | None
    status: str


class PublishedSince:
    """A story's published comments as last seen; `changes` names the new ones."""

    def __init__(self, rows: Iterable[Seen]) -> None:
        """The first look, at every comment of the story: what is published now is old news."""
        rows = list(rows)
        self._published = {row.id for row in rows if row.status == PUBLISHED}
        self._pending = {row.id for row in rows if row.status == PENDING}
        top = max((row.id for row in rows), default=0)
        self._tops: deque[int] = deque([top], maxlen=LAG)

    @property
    def floor(self) -> int:
        """The lowest id the next look must read."""
        lowest_pending = min(self._pending, default=None)
        trailing = self._tops[0] + 1
        return trailing if lowest_pending is None else min(lowest_pending, trailing)

    def changes(self, rows: Iterable[Seen]) -> list[tuple[int, int | None]]:
        """(id, parent id) of each comment published since the last look, by id; `rows` are
        the story's comments whose id is at least the floor the last look gave."""
        floor, rows = self.floor, sorted(rows, key=lambda row: row.id)
        new = [
            (r.id, r.parent_id)
            for r in rows
            if r.status == PUBLISHED and r.id not in self._published
        ]
        self._published.update(comment for comment, _ in new)
        self._pending = {row.id for row in rows if row.status == PENDING}
        self._tops.append(max([self._tops[-1], *(row.id for row in rows)]))
        # Ids below the new floor are never read again: forget them.
        below = self.floor
        if below > floor:
            self._published = {comment for comment in self._published if comment >= below}
        return new
