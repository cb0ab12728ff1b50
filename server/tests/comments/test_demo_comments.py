"""The demo comments (`make run`): published ones on some demo stories, counted by the
counts call, seeded once however often the seed runs."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.comments.seed import DEMO_COMMENTS, PUBLISHED_DEMO_COUNTS
from masthead.deps import Runtime
from masthead.seed import DEMO_PASSWORD, seed_demo
from tests.comments.helpers import COUNTS, GOSSIP_SPOT, MAIN_SPOT
from tests.comments.writing_helpers import comments_sign_in, posted
from tests.identity.helpers import login


def test_the_demo_stories_have_comments_once(client: TestClient, runtime: Runtime) -> None:
    seed_demo(runtime)
    seed_demo(runtime)  # again: nothing more
    main = client.get(COUNTS, params={"spot_id": MAIN_SPOT, "posts_ids": "3101,3102,3103"})
    assert main.json()["messages_count"] == {
        "3101": PUBLISHED_DEMO_COUNTS[3101],
        "3102": PUBLISHED_DEMO_COUNTS[3102],
        "3103": 0,
    }
    gossip = client.get(COUNTS, params={"spot_id": GOSSIP_SPOT, "posts_ids": "3201"})
    assert gossip.json()["messages_count"] == {"3201": PUBLISHED_DEMO_COUNTS[3201]}
    # Some are not published, so the counts show they are left out.
    assert PUBLISHED_DEMO_COUNTS[3101] == 3 < len(DEMO_COMMENTS[3101])


def test_the_demo_readers_comment_appears_at_once(client: TestClient, runtime: Runtime) -> None:
    """The demo reader has published comments, so the default pre-moderation (first comments
    of a new commenter) does not hold theirs: `make run` shows it at once."""
    seed_demo(runtime)
    assert login(client, "reader@example.com", DEMO_PASSWORD).status_code == 200
    comments_sign_in(client)
    written = posted(client, "Straight into the thread, no waiting.")
    assert written["status"] == "published"
