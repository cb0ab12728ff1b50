"""The live updates' one query: a story's comments from an id on (id, parent, status), read
every few seconds by each process's poller of that story (live/hub.py) on the hot reader
(db.PinnedReader), awaited, never a unit of work. Built once; spot, post and floor bound."""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import Integer, Select, String, bindparam, select

from masthead.comments.live.watch import Seen
from masthead.comments.models import Comment
from masthead.db import PinnedReader

_SINCE = cast(
    "Select[Any]",
    select(Comment.id, Comment.parent_id, Comment.status).where(
        Comment.spot_id == bindparam("spot_id", type_=String),
        Comment.post_id == bindparam("post_id", type_=Integer),
        Comment.id >= bindparam("floor", type_=Integer),
    ),
)


async def comments_since(reads: PinnedReader, spot_id: str, post_id: int, floor: int) -> list[Seen]:
    """The story's comments whose id is at least `floor`, in any status."""
    rows = await reads.all_awaited(_SINCE, {"spot_id": spot_id, "post_id": post_id, "floor": floor})
    return [Seen(*row) for row in rows]
