"""GET /comments/v1/thread: a page of a story's published thread, two levels of replies, with
each author as readers may see them; anything else a 400 that says what is wrong."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.comments import repository, service
from masthead.comments.models import DELETED, PENDING, PUBLISHED, REJECTED
from masthead.db import PinnedReader
from masthead.deps import Runtime
from masthead.identity.api import add_user
from tests.comments.helpers import GOSSIP_SPOT, MAIN_SPOT
from tests.site.stories import seed

THREAD = "/comments/v1/thread"
RALLY, JETS = 3101, 3102  # demo stories of the main brand (articles/demo_content.py)


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def reader(runtime: Runtime, email: str, **profile: Any) -> int:
    with runtime.sessions.begin() as db:
        user = add_user(db, email, "x", verified=True, attributes=profile, now=runtime.clock.now())
        db.flush()
        return user.id


def write(
    runtime: Runtime,
    body: str,
    *,
    minutes: int,
    post_id: int = RALLY,
    status: str = PUBLISHED,
    author: int | None = None,
    parent: int | None = None,
) -> int:
    """A comment written `minutes` after the clock's now: the tests set the order."""
    with runtime.sessions.begin() as db:
        return repository.add_comment(
            db,
            spot_id=MAIN_SPOT,
            post_id=post_id,
            author_id=author,
            body=body,
            status=status,
            now=runtime.clock.now() + timedelta(minutes=minutes),
            parent_id=parent,
        ).id


def page(client: TestClient, post_id: int = RALLY, **query: str) -> dict[str, Any]:
    response = client.get(THREAD, params={"spot_id": MAIN_SPOT, "post_id": post_id, **query})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def bodies(comments: list[dict[str, Any]]) -> list[str | None]:
    return [c["body"] for c in comments]


def test_top_level_sorts_and_replies_nest_two_levels_oldest_first(
    client: TestClient, runtime: Runtime
) -> None:
    first = write(runtime, "first", minutes=1)
    second = write(runtime, "second", minutes=2)
    write(runtime, "third", minutes=3)
    late_reply = write(runtime, "reply b", minutes=9, parent=first)
    early_reply = write(runtime, "reply a", minutes=4, parent=first)
    deep = write(runtime, "reply to reply", minutes=6, parent=early_reply)
    write(runtime, "third level", minutes=7, parent=deep)  # listed at the second level
    write(runtime, "on second", minutes=5, parent=second)

    newest = page(client, sort="newest")
    assert bodies(newest["comments"]) == ["third", "second", "first"]
    assert newest["total"] == 8 and newest["next_cursor"] is None
    assert bodies(page(client, sort="oldest")["comments"]) == ["first", "second", "third"]
    # best: the most published replies first (first has 4, second 1), then newest.
    best = page(client)["comments"]
    assert bodies(best) == ["first", "second", "third"]
    replies = best[0]["replies"]
    assert bodies(replies) == ["reply a", "reply b"]
    assert [r["parent_id"] for r in replies] == [first, first]
    assert bodies(replies[0]["replies"]) == ["reply to reply", "third level"]
    assert [r["parent_id"] for r in replies[0]["replies"]] == [early_reply, deep]
    assert replies[0]["replies"][1]["replies"] == []
    assert replies[1]["id"] == late_reply and replies[1]["replies"] == []


def test_only_published_show_and_a_deleted_comment_with_replies_keeps_its_place(
    client: TestClient, runtime: Runtime
) -> None:
    gone = write(runtime, "taken down", minutes=1, status=DELETED)
    write(runtime, "still here", minutes=2, parent=gone)
    write(runtime, "deleted alone", minutes=3, status=DELETED)
    waiting = write(runtime, "waiting", minutes=4, status=PENDING)
    write(runtime, "under a pending one", minutes=5, parent=waiting)
    write(runtime, "refused", minutes=6, status=REJECTED)
    write(runtime, "published", minutes=7)
    write(runtime, "another story", minutes=8, post_id=JETS)

    answer = page(client, sort="oldest")
    assert bodies(answer["comments"]) == [None, "published"]
    deleted = answer["comments"][0]
    assert deleted["deleted"] is True and deleted["author"] is None
    assert deleted["id"] == gone and bodies(deleted["replies"]) == ["still here"]
    assert answer["comments"][1]["deleted"] is False
    # As messages-count: every published comment of the story, shown or not.
    assert answer["total"] == 3


def test_authors_show_their_profile_a_private_one_only_its_name(
    client: TestClient, runtime: Runtime
) -> None:
    named = reader(runtime, "a@x.com", **{"display-name": "Night Owl", "avatar-color": "#1a2b3c"})
    unnamed = reader(runtime, "b@x.com", **{"first-name": "Jane", "last-name": "van Dyke"})
    private = reader(runtime, "c@x.com", **{"display-name": "Hidden", "private-profile": True})
    private_unnamed = reader(runtime, "d@x.com", **{"first-name": "Ann", "private-profile": True})
    blank = reader(runtime, "e@x.com")
    for minutes, author in enumerate((named, unnamed, private, private_unnamed, blank, None)):
        write(runtime, f"by {author}", minutes=minutes, author=author)

    authors = [c["author"] for c in page(client, sort="oldest")["comments"]]
    assert authors == [
        {"display_name": "Night Owl", "initials": "NO", "avatar_color": "#1a2b3c"},
        {"display_name": "Jane V.", "initials": "JV", "avatar_color": "#000000"},
        {"display_name": "Hidden", "initials": None, "avatar_color": None},
        {"display_name": "Reader", "initials": None, "avatar_color": None},
        {"display_name": "Reader", "initials": "R", "avatar_color": "#000000"},
        {"display_name": "Former reader", "initials": None, "avatar_color": None},
    ]


def test_bodies_are_plain_text_as_written(client: TestClient, runtime: Runtime) -> None:
    written = "<script>alert(1)</script>\nSecond line"
    write(runtime, written, minutes=1)
    comment = page(client)["comments"][0]
    assert comment["body"] == written
    assert comment["created_at"].endswith("Z") and comment["edited_at"] is None


@pytest.mark.parametrize("sort", ["best", "newest", "oldest"])
def test_pages_follow_the_cursor_and_new_comments_do_not_shift_them(
    client: TestClient, runtime: Runtime, sort: str
) -> None:
    for n in range(25):
        write(runtime, f"c{n:02}", minutes=n)
    first = page(client, sort=sort)
    assert len(first["comments"]) == 20 and first["total"] == 25
    write(runtime, "newer than all", minutes=100)
    write(runtime, "older than all", minutes=-100)
    second = page(client, sort=sort, cursor=first["next_cursor"])
    assert second["next_cursor"] is None
    seen = bodies(first["comments"]) + bodies(second["comments"])
    expected = [f"c{n:02}" for n in range(25)]
    # Nothing repeats, nothing is skipped; a comment sorted after the cursor joins the end.
    if sort == "oldest":
        assert seen == [*expected, "newer than all"]
    else:
        assert seen == [*expected[::-1], "older than all"]


def test_an_unknown_post_has_an_empty_thread(client: TestClient, runtime: Runtime) -> None:
    write(runtime, "in the main spot", minutes=1)
    empty = {"total": 0, "comments": [], "next_cursor": None}
    for post_id in ("999999", "abc-DEF_1", "0042", "2147483648"):
        assert page(client, post_id=post_id) == empty  # type: ignore[arg-type]
    response = client.get(THREAD, params={"spot_id": GOSSIP_SPOT, "post_id": RALLY})
    assert response.json() == empty
    assert response.headers["cache-control"] == "public, max-age=30"


def test_each_fault_is_a_400_that_says_what_is_wrong(client: TestClient) -> None:
    newest = page(client, sort="newest")  # no cursor on an empty thread: make one
    other_sort = service.thread.encode_cursor("newest", (1, 2))
    cases: list[tuple[dict[str, str], str]] = [
        ({"post_id": "3101"}, service.SPOT_REQUIRED),
        ({"spot_id": "sp main", "post_id": "3101"}, service.SPOT_INVALID),
        ({"spot_id": MAIN_SPOT}, service.POST_REQUIRED),
        ({"spot_id": MAIN_SPOT, "post_id": ""}, service.POST_INVALID),
        ({"spot_id": MAIN_SPOT, "post_id": "3101,3102"}, service.POST_INVALID),
        ({"spot_id": MAIN_SPOT, "post_id": "3101", "sort": "top"}, service.SORT_INVALID),
        ({"spot_id": MAIN_SPOT, "post_id": "3101", "cursor": "!!"}, service.CURSOR_INVALID),
        ({"spot_id": MAIN_SPOT, "post_id": "3101", "cursor": "x" * 201}, service.CURSOR_INVALID),
        (
            {"spot_id": MAIN_SPOT, "post_id": "3101", "sort": "oldest", "cursor": other_sort},
            service.CURSOR_INVALID,
        ),
        (
            {"spot_id": MAIN_SPOT, "post_id": "3101", "cursor": "WyJiZXN0IiwiYSJd"},  # ["best","a"]
            service.CURSOR_INVALID,
        ),
    ]
    assert newest["next_cursor"] is None
    for query, message in cases:
        response = client.get(THREAD, params=query)
        assert response.status_code == 400, query
        assert response.json() == {"type": "bad-request", "message": message}, query


def test_the_awaited_read_reads_as_the_blocking_one(runtime: Runtime) -> None:
    """On PostgreSQL the route's read goes through psycopg's async pool on the server's loop
    (a test client's loop reads inline): the same rows, the profile's JSON as a dict."""
    if runtime.engine.dialect.name != "postgresql":
        pytest.skip("on SQLite the awaited reads are the blocking ones")
    author = reader(runtime, "a@x.com", **{"display-name": "Night Owl"})
    write(runtime, "hello", minutes=1, author=author)

    async def awaited() -> list[repository.Row]:
        reads = PinnedReader(runtime.engine)
        assert reads.awaited is not None
        await reads.awaited.open()
        try:
            return await repository.thread_rows_awaited(reads, MAIN_SPOT, RALLY)
        finally:
            await reads.awaited.close()
            reads.close()

    rows = asyncio.run(awaited())
    assert rows == repository.thread_rows(runtime.reader, MAIN_SPOT, RALLY)
    assert [row.body for row in rows] == ["hello"]
    assert rows[0].profile == {"display-name": "Night Owl"}
    assert rows[0].created_at.tzinfo is not None


def test_a_comment_rejected_above_published_replies_keeps_their_place_as_removed(
    client: TestClient, runtime: Runtime
) -> None:
    author = reader(runtime, "a@x.com", **{"display-name": "Loud One"})
    rejected = write(runtime, "over the line", minutes=1, status=REJECTED, author=author)
    write(runtime, "a fair answer", minutes=2, parent=rejected)
    write(runtime, "rejected alone", minutes=3, status=REJECTED)

    answer = page(client, sort="oldest")
    assert len(answer["comments"]) == 1
    removed = answer["comments"][0]
    assert (removed["id"], removed["deleted"], removed["removed"]) == (rejected, True, True)
    assert (removed["body"], removed["author"], removed["edited_at"]) == (None, None, None)
    assert bodies(removed["replies"]) == ["a fair answer"]
    assert removed["replies"][0]["removed"] is False
    # Every published comment counted is one a reader can see: the thread and the counts agree.
    counts = client.get(
        "/comments/v1/messages-count", params={"spot_id": MAIN_SPOT, "posts_ids": str(RALLY)}
    )
    assert answer["total"] == counts.json()["messages_count"][str(RALLY)] == 1
