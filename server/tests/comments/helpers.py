"""Shared steps for the comments tests: stories to comment on, comments in any status."""

from __future__ import annotations

from typing import Any

from masthead.comments import repository
from masthead.comments.models import PUBLISHED
from masthead.deps import Runtime
from masthead.identity.api import add_user

COUNTS = "/comments/v1/messages-count"
MAIN_SPOT, GOSSIP_SPOT = "sp_MhMain01", "sp_MhGossip1"


def a_reader(runtime: Runtime, email: str = "commenter@example.com", **profile: Any) -> int:
    """A verified reader with these profile attributes (hyphenated keys)."""
    with runtime.sessions.begin() as db:
        user = add_user(db, email, "x", verified=True, attributes=profile, now=runtime.clock.now())
        db.flush()
        return user.id


def comment(
    runtime: Runtime,
    post_id: int,
    *,
    spot_id: str = MAIN_SPOT,
    status: str = PUBLISHED,
    author_id: int | None = None,
    parent_id: int | None = None,
) -> int:
    with runtime.sessions.begin() as db:
        written = repository.add_comment(
            db,
            spot_id=spot_id,
            post_id=post_id,
            author_id=author_id,
            body="A comment.",
            status=status,
            now=runtime.clock.now(),
            parent_id=parent_id,
        )
        return written.id
