"""The thread's "best" order and its new fields: featured comments first, then the score (up
votes less down votes), then the most published replies, then the newest; each comment
carries its counters and whether it is featured; pages follow the cursor."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from masthead.comments import repository, thread
from masthead.comments.models import Comment
from masthead.deps import Runtime
from tests.comments.helpers import MAIN_SPOT
from tests.site.stories import seed

THREAD = "/comments/v1/thread"
RALLY = 3101


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def write(
    runtime: Runtime, body: str, minutes: int, parent: int | None = None, **counters: Any
) -> int:
    with runtime.sessions.begin() as db:
        written = repository.add_comment(
            db,
            spot_id=MAIN_SPOT,
            post_id=RALLY,
            author_id=None,
            body=body,
            status="published",
            now=runtime.clock.now() + timedelta(minutes=minutes),
            parent_id=parent,
        )
        if counters:
            db.execute(update(Comment).where(Comment.id == written.id).values(**counters))
        return written.id


def best(client: TestClient, cursor: str | None = None) -> dict[str, Any]:
    query = {"spot_id": MAIN_SPOT, "post_id": str(RALLY), "sort": "best"}
    if cursor:
        query["cursor"] = cursor
    answer = client.get(THREAD, params=query)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "public, max-age=30"
    page: dict[str, Any] = answer.json()
    return page


def test_best_is_featured_then_score_then_replies_then_newest(
    client: TestClient, runtime: Runtime
) -> None:
    write(runtime, "old quiet", 1)
    write(runtime, "new quiet", 2)
    lively = write(runtime, "lively", 0)
    write(runtime, "a reply", 3, parent=lively)
    write(runtime, "liked", 0, up_votes=5, down_votes=1, hearts=2)
    write(runtime, "disliked", 4, up_votes=1, down_votes=3)
    write(runtime, "featured", 0, featured_at=runtime.clock.now(), down_votes=9)

    comments = best(client)["comments"]
    assert [c["body"] for c in comments] == [
        "featured",
        "liked",
        "lively",
        "new quiet",
        "old quiet",
        "disliked",
    ]
    liked = comments[1]
    assert (liked["up_votes"], liked["down_votes"], liked["hearts"]) == (5, 1, 2)
    assert [c["featured"] for c in comments] == [True, False, False, False, False, False]
    assert comments[2]["replies"][0]["featured"] is False


def test_best_pages_follow_the_cursor(client: TestClient, runtime: Runtime) -> None:
    total = thread.PAGE_SIZE + 3
    for n in range(total):
        write(runtime, f"comment {n}", n, up_votes=n % 4)
    first = best(client)
    assert len(first["comments"]) == thread.PAGE_SIZE
    second = best(client, first["next_cursor"])
    assert second["next_cursor"] is None
    seen = [c["id"] for c in first["comments"] + second["comments"]]
    assert len(seen) == len(set(seen)) == total
    scores = [c["up_votes"] for c in first["comments"] + second["comments"]]
    assert scores == sorted(scores, reverse=True)
