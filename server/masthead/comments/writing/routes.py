"""The reader's calls in the comments: their state on a story, and writing (post, reply,
edit, delete, vote, heart, report). HTTP only; every call but `me` needs the comments
session (mh_comments: 401 comments-sign-in-required without)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Response

from masthead.client_address import AddressDep
from masthead.comments import service as comments
from masthead.comments.signon.dependency import CommenterDep, OptionalCommenterDep
from masthead.comments.writing import schemas, service
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import Reader, optional_reader
from masthead.moderation.api import MAX_TEXT_LENGTH
from masthead.no_store import NO_STORE_ANSWER

router = APIRouter(prefix="/comments/v1", tags=["comments"], dependencies=[NO_STORE_ANSWER])

CommentId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The comment's id.")]

WRITE_ERRORS: dict[int | str, dict[str, Any]] = {400: {}, 401: {}, 403: {}, 404: {}, 429: {}}
CHECKS = (
    f"400 `empty-comment`; `comment-too-long` (over {MAX_TEXT_LENGTH:,} characters once "
    "trimmed, the message gives the count); `unsupported-markup` (an HTML tag such as <b> or "
    '<a href=...>; "x < y" and "<3" are text); `profane-text` (the profanity check\'s '
    "sentence); `repeated-comment` (the same words by the same reader on any story within "
    "24 hours). 403 `comments-closed`, `members-only` or `banned`, with the sentence to show. "
    '429 `too-many-requests` ("You\'re commenting too fast. Please wait {n} seconds."). '
    "Pre-moderation (the site's setting: none, first comments of a new commenter, all; a "
    "suspect word; a link from a commenter with nothing published yet; more than two links) "
    "holds a comment as `pending`: it is not in the thread nor the counts until a moderator "
    "approves it; its author sees it in GET /comments/v1/me."
)


@router.get(
    "/me",
    response_model=schemas.MeOut,
    responses={400: {}},
    summary="The reader's state on a story: commenter, may they comment, opinions, own comments",
    description="With credentials; never cached. Signed out (or without a comments session): "
    'commenter null, may_comment false, refusal "Log in to join the conversation.", the rest '
    "empty. With a comments session: `refusal` is the sentence of the 403 a post would get "
    "(comments closed, members only, banned), or null. `opinions` by comment id, `own` (ids, "
    "any status but deleted), `pending` (their comments waiting for a moderator), and the "
    "number of unread notifications. 400 `bad-request` for a missing or malformed spot_id or "
    "post_id.",
)
def me(
    db: DbDep,
    rt: RuntimeDep,
    commenter: OptionalCommenterDep,
    reader: Annotated[Reader | None, Depends(optional_reader)],
    spot_id: Annotated[str, Query(pattern=comments.SPOT_ID_PATTERN)],
    post_id: Annotated[str, Query(pattern=comments.POST_ID_PATTERN)],
) -> dict[str, Any]:
    return service.me(
        db, rt, signed_in=reader is not None, user_id=commenter, spot_id=spot_id, post_id=post_id
    )


@router.post(
    "/messages",
    response_model=schemas.WrittenOut,
    status_code=201,
    responses=WRITE_ERRORS,
    summary="Post a comment on a story, or a reply to one of its comments",
    description="201 with the comment as the thread shows it and its status (`published`, "
    "or `pending` with the message to show). 404 `story-not-found` for a spot and post that "
    "name no story; 404 `comment-not-found` for a parent that is not a published comment of "
    f"the story. 401 `comments-sign-in-required` without a comments session. {CHECKS}",
)
def post_comment(
    body: schemas.PostIn, db: DbDep, rt: RuntimeDep, user: CommenterDep, address: AddressDep
) -> dict[str, Any]:
    return service.post(
        db,
        rt,
        user,
        address,
        spot_id=body.spot_id,
        post_id=body.post_id,
        parent_id=body.parent_id,
        body=body.body,
    )


@router.patch(
    "/messages/{comment_id}",
    response_model=schemas.WrittenOut,
    responses=WRITE_ERRORS,
    summary="Edit one's own comment",
    description="The same checks as posting; a published comment whose new words "
    "pre-moderation would hold waits for a moderator again. 403 `not-your-comment` for "
    "another reader's comment; 404 `comment-not-found` for one that is gone. "
    f"401 `comments-sign-in-required` without a comments session. {CHECKS}",
)
def edit_comment(
    comment_id: CommentId, body: schemas.EditIn, db: DbDep, rt: RuntimeDep, user: CommenterDep
) -> dict[str, Any]:
    return service.edit(db, rt, user, comment_id, body.body)


@router.delete(
    "/messages/{comment_id}",
    status_code=204,
    response_class=Response,
    responses={401: {}, 403: {}, 404: {}, 429: {}},
    summary="Delete one's own comment",
    description="204; deleting it again answers the same. Its published replies keep their "
    'place under a "deleted" marker. 403 `not-your-comment` for another reader\'s comment; '
    "404 `comment-not-found`; 401 `comments-sign-in-required`; 429 `too-many-requests`.",
)
def delete_comment(
    comment_id: CommentId, db: DbDep, rt: RuntimeDep, user: CommenterDep
) -> Response:
    service.delete(db, rt, user, comment_id)
    return Response(status_code=204)


@router.put(
    "/messages/{comment_id}/vote",
    response_model=schemas.VoteOut,
    responses={400: {}, 401: {}, 403: {}, 404: {}, 429: {}},
    summary="Vote a comment up or down, or take the vote back",
    description="Idempotent: the same vote again changes nothing. Answers the comment's "
    "counts. 403 `own-comment` on one's own comment; 404 `comment-not-found` for a comment "
    "that is not published; 401 `comments-sign-in-required`; 429 `too-many-requests`.",
)
def vote(
    comment_id: CommentId, body: schemas.VoteIn, db: DbDep, rt: RuntimeDep, user: CommenterDep
) -> dict[str, int]:
    return service.vote(db, rt, user, comment_id, body.vote)


@router.put(
    "/messages/{comment_id}/heart",
    response_model=schemas.HeartOut,
    responses={400: {}, 401: {}, 403: {}, 404: {}, 429: {}},
    summary="Give a comment a heart, or take it back",
    description="Idempotent; a new heart tells the comment's author (as their notification "
    "settings allow). 403 `own-comment` on one's own comment; 404 `comment-not-found`; 401 "
    "`comments-sign-in-required`; 429 `too-many-requests`.",
)
def heart(
    comment_id: CommentId, body: schemas.HeartIn, db: DbDep, rt: RuntimeDep, user: CommenterDep
) -> dict[str, Any]:
    return service.heart(db, rt, user, comment_id, body.heart)


@router.post(
    "/messages/{comment_id}/report",
    response_model=schemas.MessageOut,
    responses={400: {}, 401: {}, 403: {}, 404: {}, 429: {}},
    summary="Report a comment to the moderators",
    description="Answers the same thanks every time; a reader's report of a comment counts "
    "once. 403 `own-comment` on one's own comment; 404 `comment-not-found`; 401 "
    "`comments-sign-in-required`; 429 `too-many-requests`.",
)
def report(
    comment_id: CommentId, body: schemas.ReportIn, db: DbDep, rt: RuntimeDep, user: CommenterDep
) -> dict[str, str]:
    return service.report(db, rt, user, comment_id, body.reason, body.note)
