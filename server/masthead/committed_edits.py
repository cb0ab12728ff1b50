"""Commits that edited one kind of row, counted per process: what a short-lived cache of
those rows (decisions/rule_cache.py, referrals/tenant_cache.py) compares to know that the
process itself changed them and what it keeps is stale at once, not a second later."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session


class CommittedEdits:
    """`generation` grows by one with every commit, in this process, of a unit of work that
    added, changed or deleted a row of `model`. A rolled-back edit counts for nothing."""

    def __init__(self, model: type[Any]) -> None:
        self.generation = 0
        mark = f"masthead_edited_{model.__name__}"

        @event.listens_for(Session, "after_flush")
        def _note_edits(session: Session, _context: Any) -> None:
            rows = (*session.new, *session.dirty, *session.deleted)
            if any(isinstance(row, model) for row in rows):
                session.info[mark] = True

        @event.listens_for(Session, "after_commit")
        def _committed(session: Session) -> None:
            if session.info.pop(mark, False):
                self.generation += 1  # every application of this process reads them again

        @event.listens_for(Session, "after_rollback")
        def _undone(session: Session) -> None:
            session.info.pop(mark, None)
