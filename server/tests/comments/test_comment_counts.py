"""GET /comments/v1/messages-count: each post's published comments in the spot, one query
for all of them; anything else a 400 that says what is wrong."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient

from masthead.comments import repository, service
from masthead.comments.models import DELETED, PENDING, REJECTED
from masthead.db import PinnedReader
from masthead.deps import Runtime
from tests.comments.helpers import COUNTS, GOSSIP_SPOT, MAIN_SPOT, a_reader, comment
from tests.site.stories import seed

# Demo stories (articles/demo_content.py): two of the main brand, one of the gossip brand.
RALLY, JETS, SUBWAY, POP_STAR = 3101, 3102, 3103, 3201


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def counts(client: TestClient, spot_id: str, posts_ids: str) -> dict[str, int]:
    response = client.get(COUNTS, params={"spot_id": spot_id, "posts_ids": posts_ids})
    assert response.status_code == 200, response.text
    answer: dict[str, int] = response.json()["messages_count"]
    return answer


def test_each_post_counts_its_published_comments_and_replies(
    client: TestClient, runtime: Runtime
) -> None:
    author = a_reader(runtime)
    first = comment(runtime, RALLY, author_id=author)
    reply = comment(runtime, RALLY, author_id=author, parent_id=first)
    comment(runtime, RALLY, parent_id=reply)  # a reply to a reply: two levels deep
    comment(runtime, JETS)
    for status in (PENDING, REJECTED, DELETED):  # none of these is counted
        comment(runtime, RALLY, status=status)
        comment(runtime, SUBWAY, status=status)
    response = client.get(COUNTS, params={"spot_id": MAIN_SPOT, "posts_ids": "3101,3102,3103"})
    assert response.status_code == 200
    assert response.json() == {"messages_count": {"3101": 3, "3102": 1, "3103": 0}}
    # The same for everyone, so any cache may keep it a little while.
    assert response.headers["cache-control"] == "public, max-age=30"


def test_unknown_posts_count_0_under_the_id_asked(client: TestClient) -> None:
    asked = "999999,abc-DEF_1,0042,2147483648,3101,3101"  # 0042: not a post id as written
    assert counts(client, MAIN_SPOT, asked) == {
        "999999": 0,
        "abc-DEF_1": 0,
        "0042": 0,
        "2147483648": 0,
        "3101": 0,
    }


def test_spots_are_counted_apart(client: TestClient, runtime: Runtime) -> None:
    comment(runtime, POP_STAR, spot_id=GOSSIP_SPOT)
    comment(runtime, POP_STAR, spot_id=GOSSIP_SPOT)
    comment(runtime, RALLY, spot_id=MAIN_SPOT)
    assert counts(client, GOSSIP_SPOT, "3201,3101") == {"3201": 2, "3101": 0}
    assert counts(client, MAIN_SPOT, "3201,3101") == {"3201": 0, "3101": 1}
    assert counts(client, "sp_elsewhere", "3201,3101") == {"3201": 0, "3101": 0}


def test_a_page_of_200_stories_is_one_call(client: TestClient, runtime: Runtime) -> None:
    """As many ids as a section page lists, in every statement size (repository.COUNT_SIZES)."""
    comment(runtime, JETS)
    for size in (*repository.COUNT_SIZES, 3, 199):
        ids = [str(JETS), *(str(5000 + n) for n in range(size - 1))]
        answer = counts(client, MAIN_SPOT, ",".join(ids))
        assert len(answer) == size and answer[str(JETS)] == 1
        assert sum(answer.values()) == 1


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"posts_ids": "3101"}, service.SPOT_REQUIRED),
        ({"spot_id": "", "posts_ids": "3101"}, service.SPOT_INVALID),
        ({"spot_id": "sp main", "posts_ids": "3101"}, service.SPOT_INVALID),
        ({"spot_id": "s" * 65, "posts_ids": "3101"}, service.SPOT_INVALID),
        ({"spot_id": MAIN_SPOT}, service.POSTS_REQUIRED),
        ({"spot_id": MAIN_SPOT, "posts_ids": ""}, service.POSTS_INVALID),
        ({"spot_id": MAIN_SPOT, "posts_ids": "3101,,3102"}, service.POSTS_INVALID),
        ({"spot_id": MAIN_SPOT, "posts_ids": "3101,"}, service.POSTS_INVALID),
        ({"spot_id": MAIN_SPOT, "posts_ids": "3101, 3102"}, service.POSTS_INVALID),
        ({"spot_id": MAIN_SPOT, "posts_ids": "3101\x00"}, service.POSTS_INVALID),
        ({"spot_id": MAIN_SPOT, "posts_ids": "é"}, service.POSTS_INVALID),
        ({"spot_id": MAIN_SPOT, "posts_ids": "9" * 65}, service.POSTS_INVALID),
        ({"spot_id": MAIN_SPOT, "posts_ids": ",".join(["1"] * 201)}, service.too_many(201)),
    ],
)
def test_bad_queries_get_a_400_saying_why(
    client: TestClient, query: dict[str, str], message: str
) -> None:
    response = client.get(COUNTS, params=query)
    assert response.status_code == 400
    assert response.json() == {"type": "bad-request", "message": message}


def test_the_limits_are_those_the_document_states(client: TestClient) -> None:
    parameters = client.get("/api/openapi.json").json()["paths"][COUNTS]["get"]["parameters"]
    patterns = {p["name"]: p["schema"]["pattern"] for p in parameters}
    assert patterns == {
        "spot_id": service.SPOT_ID_PATTERN,
        "posts_ids": service.POSTS_IDS_PATTERN,
    }
    assert service.MAX_POSTS == 200
    longest = ",".join(["7" * service.POST_ID_LENGTH] * service.MAX_POSTS)
    assert counts(client, "s" * 64, longest) == {"7" * 64: 0}


def test_the_awaited_read_counts_as_the_blocking_one(runtime: Runtime) -> None:
    """On PostgreSQL the route's read goes through psycopg's async pool on the server's loop
    (a test client's loop reads inline): the same statement, the same counts."""
    if runtime.engine.dialect.name != "postgresql":
        pytest.skip("on SQLite the awaited reads are the blocking ones")
    comment(runtime, RALLY)
    comment(runtime, RALLY)
    comment(runtime, JETS, status=PENDING)

    async def awaited() -> dict[int, int]:
        reads = PinnedReader(runtime.engine)
        assert reads.awaited is not None
        await reads.awaited.open()
        try:
            return await repository.published_counts_awaited(reads, MAIN_SPOT, [RALLY, JETS])
        finally:
            await reads.awaited.close()
            reads.close()

    assert asyncio.run(awaited()) == {RALLY: 2}
