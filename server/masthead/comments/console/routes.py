"""The staff console's comment moderation (/admin/api/comments, moderators): HTTP only. The
moderators' word lists (/admin/api/word-lists) are mounted with it (word_list_routes.py).

Every answer is about readers' words and accounts that change under a moderator's hands, so
none is cached; every decision is audited (service.py, bans.py, site_settings.py). The
decisions are routine and undoable by another decision, so they need no fresh code (step-up);
the Origin check guards them as every console change (masthead/origin.py).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from masthead.comments.console import bans, queue, schemas, service, site_settings, word_list_routes
from masthead.comments.models import SPOT_ID_LENGTH
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.no_store import NO_STORE_ANSWER
from masthead.staff.api import ModeratorDep

comments_router = APIRouter(
    prefix="/admin/api/comments", tags=["staff"], dependencies=[NO_STORE_ANSWER]
)

CommentId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The comment's id.")]
ReaderId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The reader's account id.")]
ACTION_ERRORS: dict[int | str, dict[str, object]] = {401: {}, 403: {}, 404: {}, 409: {}}


@comments_router.get(
    "",
    response_model=schemas.QueuePage,
    responses={400: {}, 401: {}, 403: {}},
    summary="The moderation queue, a page at a time (moderator)",
    description="`queue`: `pending` (waiting for a moderator, oldest first, with why it was "
    "held), `reported` (published with readers' reports no moderator has acted on, most "
    "reports first, with each report), or `all` (every comment but deleted ones, newest "
    "first). `spot_id` keeps one site's. Each comment comes with its story, its author (with "
    "the account's email address) and the start of the comment it answers. 400 `bad-request` "
    "for a cursor that is not the `next_cursor` of the same queue.",
)
def list_queue(
    _: ModeratorDep,
    db: DbDep,
    rt: RuntimeDep,
    queue_name: Annotated[schemas.Queue, Query(alias="queue")] = "pending",
    spot_id: Annotated[
        str | None, Query(min_length=1, max_length=SPOT_ID_LENGTH, pattern="^[A-Za-z0-9_-]+$")
    ] = None,
    cursor: Annotated[
        str | None, Query(min_length=1, max_length=queue.CURSOR_LENGTH, pattern="^[A-Za-z0-9_-]+$")
    ] = None,
) -> schemas.QueuePage:
    return queue.page(db, rt.clock.now(), queue_name, spot_id, cursor)


@comments_router.post(
    "/{comment_id}/approve",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Publish a pending comment (moderator; audited)",
    description="Readers see it and the counts include it; its reports are settled and its "
    "author's notifications go out as for any published comment. 409 `not-pending` when it "
    "is not waiting (another moderator acted), `comment-deleted` when its author deleted it.",
)
def approve(
    comment_id: CommentId, staff: ModeratorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return service.approve(db, rt, staff, comment_id, address)


@comments_router.post(
    "/{comment_id}/reject",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Reject a pending or published comment (moderator; audited)",
    description="Readers no longer see it, nor the replies under it; its reports are "
    "settled. 409 `already-rejected`, or `comment-deleted`.",
)
def reject(
    comment_id: CommentId, staff: ModeratorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return service.reject(db, rt, staff, comment_id, address)


@comments_router.post(
    "/{comment_id}/feature",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Feature a published comment: it leads the thread's best order (moderator; audited)",
    description="Featuring a featured comment changes nothing. 409 `not-published`.",
)
def feature(
    comment_id: CommentId, staff: ModeratorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return service.feature(db, rt, staff, comment_id, address, on=True)


@comments_router.post(
    "/{comment_id}/unfeature",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Stop featuring a comment (moderator; audited)",
    description="Unfeaturing a comment that is not featured changes nothing. 409 `not-published`.",
)
def unfeature(
    comment_id: CommentId, staff: ModeratorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return service.feature(db, rt, staff, comment_id, address, on=False)


@comments_router.post(
    "/{comment_id}/dismiss-reports",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Keep a reported comment as it is and settle its reports (moderator; audited)",
    description="409 `no-open-reports`, or `comment-deleted`.",
)
def dismiss_reports(
    comment_id: CommentId, staff: ModeratorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return service.dismiss_reports(db, rt, staff, comment_id, address)


@comments_router.get(
    "/bans",
    response_model=schemas.BanList,
    responses={401: {}, 403: {}},
    summary="The readers banned from commenting now (moderator)",
)
def list_bans(_: ModeratorDep, db: DbDep, rt: RuntimeDep) -> schemas.BanList:
    return bans.listing(db, rt)


@comments_router.post(
    "/bans",
    response_model=schemas.BanOut,
    status_code=201,
    responses={200: {"model": schemas.BanOut}, 400: {}, 401: {}, 403: {}, 404: {}, 409: {}},
    summary="Ban a reader from commenting on every site (moderator; audited)",
    description="Name the reader by `user_id`, or by `comment_id` (its author). `days`: how "
    "long, or null until a moderator lifts it. 201 for a new ban; 200 when it replaces a ban "
    "in force. 400 `bad-request` for both or neither of user_id and comment_id; 404 "
    "`reader-not-found` or `comment-not-found`; 409 `no-author` for a comment whose author "
    "erased their account.",
)
def ban(
    body: schemas.BanIn,
    staff: ModeratorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
    response: Response,
) -> schemas.BanOut:
    given, new = bans.give(db, rt, staff, body, address)
    if not new:
        response.status_code = 200
    return given


@comments_router.delete(
    "/bans/{user_id}",
    status_code=204,
    responses={401: {}, 403: {}, 404: {}},
    summary="Lift a reader's ban: they may comment again (moderator; audited)",
    description="404 `not-banned` when no ban of theirs is in force.",
)
def lift_ban(
    user_id: ReaderId, staff: ModeratorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> Response:
    bans.lift(db, rt, staff, user_id, address)
    return Response(status_code=204)


@comments_router.get(
    "/settings",
    response_model=schemas.SiteSettingsList,
    responses={401: {}, 403: {}},
    summary="Each site's comment rules: who may comment, what waits for a moderator (moderator)",
)
def show_settings(_: ModeratorDep, db: DbDep) -> schemas.SiteSettingsList:
    return site_settings.listing(db)


@comments_router.put(
    "/settings",
    response_model=schemas.SiteSettingsList,
    responses={400: {}, 401: {}, 403: {}},
    summary="Change sites' comment rules (moderator; audited)",
    description="The sites listed change at once for every reader; the others keep theirs. "
    "Answers every site's rules. 400 `bad-request` for a site listed twice.",
)
def change_settings(
    body: schemas.SiteSettingsChange,
    staff: ModeratorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.SiteSettingsList:
    return site_settings.change(db, rt, staff, body, address)


# What app.py mounts: the comments' moderation, and the moderators' word lists beside it.
router = APIRouter()
router.include_router(comments_router)
router.include_router(word_list_routes.router)
