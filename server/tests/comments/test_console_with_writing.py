"""The console's decisions as readers who write meet them (comments/writing): a site set to
hold every comment holds a reader's new comment in the queue until a moderator approves it;
a ban given in the console refuses the reader's next comment until it is lifted."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.comments.console_helpers import QUEUE, queue
from tests.comments.writing_helpers import commenter, post, posted, refusal, thread
from tests.site.stories import seed
from tests.staff.conftest import Member, staff_member

BANNED = "A moderator has suspended your commenting on this site."


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


@pytest.fixture
def moderator(app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock) -> Member:
    return staff_member(app, runtime, clock, "mod@example.com", ["moderator"])


def _bodies(client: TestClient) -> list[str]:
    return [comment["body"] for comment in thread(client)["comments"]]


def test_a_held_comment_waits_in_the_queue_until_approved(
    app: FastAPI, client: TestClient, moderator: Member
) -> None:
    change = {"spot_id": "sp_MhMain01", "who_may_comment": "signed-in", "premoderation": "all"}
    assert moderator.client.put(f"{QUEUE}/settings", json={"sites": [change]}).status_code == 200
    ada = commenter(app, "ada@example.com")
    written = posted(ada, "Please let this through.")
    assert written["status"] == "pending"
    assert "Please let this through." not in _bodies(client)
    [held] = queue(moderator.client)["items"]
    assert (held["id"], held["held_reason"]) == (written["comment"]["id"], "all")
    assert held["author"]["email"] == "ada@example.com"
    assert moderator.client.post(f"{QUEUE}/{held['id']}/approve").status_code == 200
    assert "Please let this through." in _bodies(client)


def test_a_ban_from_the_console_refuses_posting_until_lifted(
    app: FastAPI, moderator: Member
) -> None:
    change = {"spot_id": "sp_MhMain01", "who_may_comment": "signed-in", "premoderation": "none"}
    moderator.client.put(f"{QUEUE}/settings", json={"sites": [change]})
    ada = commenter(app, "ada@example.com")
    first = posted(ada, "Something regrettable.")["comment"]["id"]
    given = moderator.client.post(
        f"{QUEUE}/bans", json={"comment_id": first, "reason": "Abuse", "days": 3}
    )
    assert given.status_code == 201, given.text
    assert refusal(post(ada, "And again."), 403, "banned") == BANNED
    lifted = moderator.client.delete(f"{QUEUE}/bans/{given.json()['user_id']}")
    assert lifted.status_code == 204
    assert posted(ada, "Sorry about that.")["status"] == "published"
