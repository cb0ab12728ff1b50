"""The stories' refusals: one place for their statuses, types and sentences.

StoryError is an ApiError, so the app's one error handler answers it with the one error shape
wherever it is raised; the CLI prints its message."""

from __future__ import annotations

from masthead.errors import ApiError


class StoryError(ApiError):
    pass


def bad_story(message: str) -> StoryError:
    return StoryError(400, "bad-request", f"The story was not saved: {message}")


def not_found(content_id: str) -> StoryError:
    return StoryError(404, "story-not-found", f'There is no story with the id "{content_id[:64]}".')


def slug_taken(slug: str, brand_name: str) -> StoryError:
    return StoryError(
        409,
        "slug-taken",
        f'{brand_name} already has a story at the slug "{slug}": choose another slug.',
    )


def brand_fixed() -> StoryError:
    return StoryError(
        409,
        "brand-fixed",
        "This story has been on the site, so it stays on its brand (its comments belong "
        "there). Make a new story for the other brand instead.",
    )


def already_on_site() -> StoryError:
    return StoryError(
        409,
        "already-published",
        "This story is already on the site. Unpublish it first to schedule it for later.",
    )


def not_on_site() -> StoryError:
    return StoryError(
        409,
        "not-published",
        "This story is neither published nor scheduled, so there is nothing to unpublish.",
    )


def schedule_in_past() -> StoryError:
    return StoryError(
        400,
        "schedule-in-past",
        "Choose a time in the future to schedule the story, or publish it now.",
    )


def only_drafts_deleted() -> StoryError:
    return StoryError(
        409,
        "not-a-draft",
        "Only a draft that has never been on the site can be deleted: its address and "
        "comments stay. Unpublish it instead.",
    )


def busy() -> StoryError:
    return StoryError(
        409,
        "try-again",
        "Another change to the stories was saved at the same moment. Please try again.",
    )
