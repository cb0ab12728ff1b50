"""Notifications made when a comment is published or given a heart (comments/notifications):
each kind only when the recipient's profile asks for it, in the page and by mail through the
outbox, never to the reader who did it, once each."""

from __future__ import annotations

import pytest

from masthead.comments import repository
from masthead.comments.models import PENDING
from masthead.comments.notifications import service
from masthead.deps import Runtime
from tests.comments.helpers import MAIN_SPOT
from tests.comments.notification_helpers import (
    RALLY,
    RALLY_TITLE,
    heart,
    kinds,
    publish,
    reader,
    republish,
    subjects,
    wants_all,
)
from tests.identity.helpers import mails_to
from tests.site.stories import seed

JANE, ANN, BOB = "jane@example.com", "ann@example.com", "bob@example.com"


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def test_a_reply_tells_the_parents_author_in_the_page_and_by_mail(runtime: Runtime) -> None:
    jane = wants_all(runtime, JANE, **{"first-name": "Jane", "last-name": "Doe"})
    bob = reader(runtime, BOB, **{"first-name": "Bob", "last-name": "King"})
    first = publish(runtime, jane, "Great game.")
    publish(runtime, bob, "It was!", parent=first)

    assert kinds(runtime, jane) == [("reply", bob)]
    (mail,) = mails_to(runtime, JANE)
    assert mail.subject == f"Bob K. replied to your comment on “{RALLY_TITLE}”"
    assert "Hello Jane," in mail.text
    story = "http://testserver/2026/"  # the story's address (its date), then #comments
    assert story in mail.text and "/#comments" in mail.text
    assert "http://testserver/account/settings/display" in mail.text
    assert subjects(runtime, BOB) == []  # the writer is told of nothing


def test_no_reply_notification_when_the_profile_turns_it_off(runtime: Runtime) -> None:
    jane = reader(runtime, JANE)  # the profile's default: notification-reply false
    ann = reader(runtime, ANN, **{"notification-reply": False, "notification-liked": True})
    bob = reader(runtime, BOB)
    publish(runtime, bob, "Reply to Jane", parent=publish(runtime, jane))
    publish(runtime, bob, "Reply to Ann", parent=publish(runtime, ann))

    assert kinds(runtime, jane) == [] and kinds(runtime, ann) == []
    assert subjects(runtime, JANE) == [] and subjects(runtime, ANN) == []


def test_replying_to_ones_own_comment_tells_nobody(runtime: Runtime) -> None:
    jane = wants_all(runtime, JANE)
    publish(runtime, jane, "And another thing", parent=publish(runtime, jane))
    assert kinds(runtime, jane) == []
    assert subjects(runtime, JANE) == []


def test_a_mention_tells_the_named_commenter_of_the_story(runtime: Runtime) -> None:
    jane = wants_all(runtime, JANE, **{"display-name": "Jane Doe"})
    ann = wants_all(runtime, ANN, **{"display-name": "Ann"})
    bob = reader(runtime, BOB, **{"display-name": "Bobby"})
    publish(runtime, jane, "First.")
    publish(runtime, ann, "Second.")
    publish(runtime, bob, "I agree with @ann, not with @Jane Doe. @Bobby says so.")

    assert kinds(runtime, ann) == [("mention", bob)]
    assert kinds(runtime, jane) == [("mention", bob)]
    assert kinds(runtime, bob) == []  # never the writer
    assert subjects(runtime, ANN) == [f"Bobby mentioned you in a comment on “{RALLY_TITLE}”"]


def test_a_mention_needs_the_preference_and_a_comment_on_the_story(runtime: Runtime) -> None:
    quiet = reader(runtime, JANE, **{"display-name": "Quiet"})  # mentions off (the default)
    absent = wants_all(runtime, ANN, **{"display-name": "Absent"})  # never commented here
    bob = reader(runtime, BOB)
    publish(runtime, quiet, "Hello.")
    with runtime.sessions.begin() as db:  # Absent commented on another story only
        repository.add_comment(
            db,
            spot_id=MAIN_SPOT,
            post_id=3102,
            author_id=absent,
            body="Elsewhere.",
            status="published",
            now=runtime.clock.now(),
        )
    publish(runtime, bob, "@Quiet and @Absent, hello.")

    assert kinds(runtime, quiet) == [] and kinds(runtime, absent) == []
    assert subjects(runtime, JANE) == [] and subjects(runtime, ANN) == []


def test_a_reply_that_also_mentions_the_parents_author_tells_them_once(runtime: Runtime) -> None:
    jane = wants_all(runtime, JANE, **{"display-name": "Jane"})
    bob = reader(runtime, BOB)
    publish(runtime, bob, "@Jane you're right", parent=publish(runtime, jane))
    assert kinds(runtime, jane) == [("reply", bob)]
    assert len(subjects(runtime, JANE)) == 1


def test_a_comment_published_again_tells_nobody_twice(runtime: Runtime) -> None:
    """An edit or an approval publishes the comment again: each reader is told once."""
    jane = wants_all(runtime, JANE, **{"display-name": "Jane"})
    ann = wants_all(runtime, ANN, **{"display-name": "Ann"})
    bob = reader(runtime, BOB)
    publish(runtime, ann, "Hi.")
    reply = publish(runtime, bob, "@Ann, hello", parent=publish(runtime, jane))
    republish(runtime, reply)
    assert kinds(runtime, jane) == [("reply", bob)]
    assert kinds(runtime, ann) == [("mention", bob)]
    assert len(subjects(runtime, JANE)) == 1 and len(subjects(runtime, ANN)) == 1


def test_a_comment_not_published_tells_nobody(runtime: Runtime) -> None:
    jane = wants_all(runtime, JANE, **{"display-name": "Jane"})
    bob = reader(runtime, BOB)
    first = publish(runtime, jane, "Hi.")
    with runtime.sessions.begin() as db:
        held = repository.add_comment(
            db,
            spot_id=MAIN_SPOT,
            post_id=RALLY,
            author_id=bob,
            body="@Jane waiting for a moderator",
            status=PENDING,
            now=runtime.clock.now(),
            parent_id=first,
        )
        service.comment_published(db, runtime, held)
    assert kinds(runtime, jane) == []


def test_a_heart_tells_the_author_once_and_never_oneself(runtime: Runtime) -> None:
    jane = wants_all(runtime, JANE, **{"first-name": "Jane"})
    ann = reader(runtime, ANN, **{"display-name": "Ann"})
    first = publish(runtime, jane, "Hi.")
    heart(runtime, first, ann)
    heart(runtime, first, ann)  # taken back and given again
    heart(runtime, first, jane)  # one's own

    assert kinds(runtime, jane) == [("like", ann)]
    assert subjects(runtime, JANE) == [f"Ann liked your comment on “{RALLY_TITLE}”"]


def test_no_like_notification_when_the_profile_turns_it_off(runtime: Runtime) -> None:
    jane = reader(runtime, JANE, **{"notification-liked": False, "notification-reply": True})
    ann = reader(runtime, ANN)
    heart(runtime, publish(runtime, jane), ann)
    assert kinds(runtime, jane) == []
    assert subjects(runtime, JANE) == []
