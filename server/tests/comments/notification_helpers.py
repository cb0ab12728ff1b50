"""Shared steps for the notification tests: readers with their notification settings and a
comments session, comments published as the writing service publishes them."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.comments import repository
from masthead.comments.models import PUBLISHED, Comment, CommentNotification, CommentSession
from masthead.comments.notifications import service
from masthead.cookie_names import COMMENTS_COOKIE
from masthead.deps import Runtime
from masthead.identity.api import User, add_user, token_hash
from masthead.identity.models import AuthSession
from masthead.identity.service import start_session
from tests.comments.helpers import MAIN_SPOT
from tests.identity.helpers import mails_to

RALLY = 3101  # a demo story of the main brand (articles/demo_content.py)
RALLY_TITLE = "Rangers rally from three down to stun Bruins in overtime"
EVERY_KIND = {
    "notification-reply": True,
    "notification-mentioned": True,
    "notification-liked": True,
    "notification-follower": True,
}


def reader(runtime: Runtime, email: str, **profile: Any) -> int:
    """A reader with these profile keys (hyphenated, as stored)."""
    with runtime.sessions.begin() as db:
        user = add_user(db, email, "x", verified=True, attributes=profile, now=runtime.clock.now())
        db.flush()
        return user.id


def wants_all(runtime: Runtime, email: str, **profile: Any) -> int:
    return reader(runtime, email, **EVERY_KIND, **profile)


def publish(
    runtime: Runtime, author: int, body: str = "A comment.", *, parent: int | None = None
) -> int:
    """A comment written and published in one transaction, telling whom it concerns, as the
    writing service does."""
    with runtime.sessions.begin() as db:
        comment = repository.add_comment(
            db,
            spot_id=MAIN_SPOT,
            post_id=RALLY,
            author_id=author,
            body=body,
            status=PUBLISHED,
            now=runtime.clock.now(),
            parent_id=parent,
        )
        service.comment_published(db, runtime, comment)
        return comment.id


def heart(runtime: Runtime, comment_id: int, actor: int) -> None:
    with runtime.sessions.begin() as db:
        comment = db.get(Comment, comment_id)
        assert comment is not None
        service.heart_given(db, runtime, comment, actor)


def republish(runtime: Runtime, comment_id: int) -> None:
    """The comment published again (an edit, an approval), as the writing service does."""
    with runtime.sessions.begin() as db:
        comment = db.get(Comment, comment_id)
        assert comment is not None
        service.comment_published(db, runtime, comment)


def kinds(runtime: Runtime, user_id: int) -> list[tuple[str, int | None]]:
    """(kind, actor) of each notification the reader has, oldest first."""
    with runtime.sessions() as db:
        rows = db.execute(
            select(CommentNotification.kind, CommentNotification.actor_id)
            .where(CommentNotification.user_id == user_id)
            .order_by(CommentNotification.id)
        ).all()
        return [(kind, actor) for kind, actor in rows]


def subjects(runtime: Runtime, address: str) -> list[str]:
    """The subjects of the mail delivered to the address (the outbox drained), oldest first."""
    return [mail.subject for mail in mails_to(runtime, address)]


def sign_in_to_comments(runtime: Runtime, client: TestClient, user_id: int) -> None:
    """A live comments session for the reader (on a Masthead session of theirs), its cookie
    in the client."""
    token, now = secrets.token_urlsafe(32), runtime.clock.now()
    with runtime.sessions.begin() as db:
        user = db.get(User, user_id)
        assert user is not None
        issued = start_session(db, runtime, user, "tests")
        db.flush()
        auth_session = db.scalar(
            select(AuthSession.id).where(AuthSession.token_hash == token_hash(issued.token))
        )
        assert auth_session is not None
        db.add(
            CommentSession(
                token_hash=token_hash(token),
                user_id=user_id,
                auth_session_id=auth_session,
                created_at=now,
                expires_at=now + timedelta(days=1),
            )
        )
    client.cookies.set(COMMENTS_COOKIE, token)
