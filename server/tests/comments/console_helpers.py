"""Shared steps for the moderators' console tests: a story with comments in any status, a
reader's reports, moderators signed in (tests/staff/conftest.py)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update

from masthead.comments import repository
from masthead.comments.models import PUBLISHED, Comment, CommentReport
from masthead.deps import Runtime
from masthead.identity.api import add_user
from tests.comments.helpers import MAIN_SPOT

QUEUE = "/admin/api/comments"
THREAD = "/comments/v1/thread"
COUNTS = "/comments/v1/messages-count"
RALLY, JETS = 3101, 3102  # demo stories of the main brand (articles/demo_content.py)


def reader(runtime: Runtime, email: str, name: str = "") -> int:
    profile = {"display-name": name} if name else {}
    with runtime.sessions.begin() as db:
        user = add_user(db, email, "x", verified=True, attributes=profile, now=runtime.clock.now())
        db.flush()
        return user.id


def write(
    runtime: Runtime,
    body: str,
    *,
    minutes: int = 0,
    post_id: int = RALLY,
    status: str = PUBLISHED,
    author: int | None = None,
    parent: int | None = None,
    held_reason: str | None = None,
) -> int:
    """A comment written `minutes` after the clock's now: the tests set the order."""
    with runtime.sessions.begin() as db:
        comment = repository.add_comment(
            db,
            spot_id=MAIN_SPOT,
            post_id=post_id,
            author_id=author,
            body=body,
            status=status,
            now=runtime.clock.now() + timedelta(minutes=minutes),
            parent_id=parent,
        )
        comment.held_reason = held_reason
        return comment.id


def report(runtime: Runtime, comment_id: int, reporter: int, reason: str, note: str = "") -> None:
    """A reader's report, as the writing service records it (the count kept on the comment)."""
    with runtime.sessions.begin() as db:
        db.add(
            CommentReport(
                comment_id=comment_id,
                reporter_id=reporter,
                reason=reason,
                note=note,
                created_at=runtime.clock.now(),
            )
        )
        db.execute(
            update(Comment)
            .where(Comment.id == comment_id)
            .values(open_reports=Comment.open_reports + 1)
        )


def queue(client: TestClient, name: str = "pending", **query: Any) -> dict[str, Any]:
    answer = client.get(QUEUE, params={"queue": name, **query})
    assert answer.status_code == 200, answer.text
    page: dict[str, Any] = answer.json()
    return page


def thread_bodies(client: TestClient, post_id: int = RALLY) -> list[str]:
    """Every body readers see in the story's thread, replies included."""
    answer = client.get(THREAD, params={"spot_id": MAIN_SPOT, "post_id": post_id})
    assert answer.status_code == 200, answer.text
    found = []
    for top in answer.json()["comments"]:
        found.append(top["body"])
        for reply in top["replies"]:
            found.append(reply["body"])
            found.extend(deep["body"] for deep in reply["replies"])
    return found


def count(client: TestClient, post_id: int = RALLY) -> int:
    answer = client.get(COUNTS, params={"spot_id": MAIN_SPOT, "posts_ids": str(post_id)})
    assert answer.status_code == 200, answer.text
    number: int = answer.json()["messages_count"][str(post_id)]
    return number
