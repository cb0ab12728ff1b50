"""A commenter's notifications and follows: HTTP only. Every call needs the comments session
(the mh_comments cookie: 401 comments-sign-in-required without) and is never cached."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Response

from masthead.comments.notifications import schemas, service
from masthead.comments.signon.dependency import CommenterDep
from masthead.deps import DbDep, RuntimeDep
from masthead.no_store import NO_STORE_ANSWER
from masthead.ratelimit import enforce

router = APIRouter(prefix="/comments/v1", tags=["comments"], dependencies=[NO_STORE_ANSWER])

FOLLOW_WINDOW_SECONDS = 60
CommentId = Annotated[int, Path(ge=1, le=2**31 - 1, description="A comment's id.")]
SESSION_NEEDED = (
    "401 `comments-sign-in-required` without a live comments session (the `mh_comments` cookie)."
)


def _limit_follows(rt: RuntimeDep, commenter: CommenterDep) -> None:
    """A dependency, so that every attempt counts, refused ones too."""
    limit = rt.settings.comment_actions_per_reader
    enforce(rt.rate_limiter, f"comments-follow:reader:{commenter}", limit, FOLLOW_WINDOW_SECONDS)


LIMITED = [Depends(_limit_follows)]


@router.get(
    "/notifications",
    response_model=schemas.NotificationsOut,
    responses={401: {}},
    summary="The commenter's latest notifications and how many are unread",
    description="Replies to the reader's comments, mentions, likes (hearts) and new "
    "followers, newest first (the latest 20), each with a sentence to show and the story's "
    "comments to link to; `unread` counts every unread one. Only the kinds the reader's "
    "profile turns on (notification-reply, -mentioned, -liked, -follower) are ever made. "
    "`Cache-Control: no-store`. " + SESSION_NEEDED,
)
def notifications(db: DbDep, rt: RuntimeDep, commenter: CommenterDep) -> schemas.NotificationsOut:
    return schemas.NotificationsOut.model_validate(service.notifications_of(db, rt, commenter))


@router.post(
    "/notifications/read",
    status_code=204,
    response_class=Response,
    responses={401: {}},
    summary="Mark all the commenter's notifications read",
    description="No body; 204. Idempotent. " + SESSION_NEEDED,
)
def read_notifications(db: DbDep, rt: RuntimeDep, commenter: CommenterDep) -> Response:
    service.mark_read(db, rt, commenter)
    return Response(status_code=204)


@router.post(
    "/messages/{comment_id}/follow-author",
    response_model=schemas.FollowingOut,
    responses={400: {}, 401: {}, 403: {}, 404: {}, 429: {}},
    dependencies=LIMITED,
    summary="Follow the author of a comment",
    description='Answers `{"following": true}` (again if already following). The author is '
    "told once per follower (a `follower` notification, and a mail) if their profile's "
    "notification-follower allows. 403 `own-comment` for one's own comment; 404 "
    "`comment-not-found` for a comment that is not published or whose author's account is "
    "gone; 429 `too-many-requests` beyond MASTHEAD_COMMENT_ACTIONS_PER_READER a minute. "
    + SESSION_NEEDED,
)
def follow_author(
    comment_id: CommentId, db: DbDep, rt: RuntimeDep, commenter: CommenterDep
) -> schemas.FollowingOut:
    return schemas.FollowingOut(following=service.follow_author(db, rt, commenter, comment_id))


@router.delete(
    "/messages/{comment_id}/follow-author",
    response_model=schemas.FollowingOut,
    responses={401: {}, 404: {}, 429: {}},
    dependencies=LIMITED,
    summary="Stop following the author of a comment",
    description='Answers `{"following": false}`, also when not following. 404 '
    "`comment-not-found` for an unknown comment or one whose author's account is gone; 429 "
    "`too-many-requests` beyond MASTHEAD_COMMENT_ACTIONS_PER_READER a minute. " + SESSION_NEEDED,
)
def unfollow_author(
    comment_id: CommentId, db: DbDep, commenter: CommenterDep
) -> schemas.FollowingOut:
    return schemas.FollowingOut(following=service.unfollow_author(db, commenter, comment_id))
