"""The moderators' console's refusals, in the one error shape."""

from __future__ import annotations

from masthead.errors import ApiError


def comment_not_found() -> ApiError:
    return ApiError(404, "comment-not-found", "There is no comment with this id.")


def reader_not_found() -> ApiError:
    return ApiError(404, "reader-not-found", "There is no reader with this id.")


def not_pending(status: str) -> ApiError:
    return ApiError(
        409,
        "not-pending",
        f"This comment is {status}, not waiting for a moderator: reload the queue.",
    )


def not_published(status: str) -> ApiError:
    return ApiError(
        409, "not-published", f"Only published comments can be featured; this one is {status}."
    )


def already_rejected() -> ApiError:
    return ApiError(409, "already-rejected", "This comment was rejected already: reload the queue.")


def deleted() -> ApiError:
    return ApiError(
        409, "comment-deleted", "Its author deleted this comment, so there is nothing to decide."
    )


def no_open_reports() -> ApiError:
    return ApiError(
        409, "no-open-reports", "This comment has no reports left to dismiss: reload the queue."
    )


def bad_cursor() -> ApiError:
    return ApiError(
        400,
        "bad-request",
        "cursor must be the next_cursor of an earlier answer for the same queue "
        "(or left out, for the first page).",
    )


def ban_whom() -> ApiError:
    return ApiError(
        400, "bad-request", "Name the reader to ban: give user_id or comment_id, not both."
    )


def no_author() -> ApiError:
    return ApiError(
        409, "no-author", "This comment's author has erased their account: there is nobody to ban."
    )


def not_banned() -> ApiError:
    return ApiError(404, "not-banned", "This reader is not banned from commenting.")


def site_twice(spot_id: str) -> ApiError:
    return ApiError(400, "bad-request", f"{spot_id} is listed twice: list each site once.")
