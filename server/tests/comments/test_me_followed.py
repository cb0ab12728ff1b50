"""GET /comments/v1/me names the story's comments whose authors the reader follows, so the
client marks every one of them "Following"."""

from __future__ import annotations

import pytest
from fastapi import FastAPI

from masthead.deps import Runtime
from tests.comments.writing_helpers import commenter, me, posted, site_rules
from tests.site.stories import seed


@pytest.fixture(autouse=True)
def _open_site(runtime: Runtime) -> None:
    seed(runtime)
    site_rules(runtime, "signed-in", "none")


def test_following_an_author_marks_each_of_their_comments_on_the_story(app: FastAPI) -> None:
    ada = commenter(app, "ada@example.com", **{"full-name": "Ada Lovelace"})
    bob = commenter(app, "bob@example.com", **{"full-name": "Bob Stone"})
    first = posted(ada, "One thought.")["comment"]["id"]
    second = posted(ada, "Another thought.")["comment"]["id"]
    posted(bob, "Bob's own.")
    assert me(bob)["followed"] == []

    assert bob.post(f"/comments/v1/messages/{first}/follow-author").json() == {"following": True}
    assert sorted(me(bob)["followed"]) == sorted([first, second])
    assert me(ada)["followed"] == []  # following is one way

    assert bob.delete(f"/comments/v1/messages/{second}/follow-author").json() == {
        "following": False
    }
    assert me(bob)["followed"] == []
