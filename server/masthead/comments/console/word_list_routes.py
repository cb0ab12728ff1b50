"""The moderators' word lists in the staff console (/admin/api/word-lists, moderators): HTTP
only. The lists are moderation's; they are served here, beside the rest of the moderators'
console, since the moderation domain may not import the staff domain
(moderation/console_routes.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from masthead.comments.console import word_lists
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.moderation.api import WORD_LENGTH, WordIn, WordListName, WordListsOut
from masthead.no_store import NO_STORE_ANSWER
from masthead.staff.api import ModeratorDep

router = APIRouter(prefix="/admin/api/word-lists", tags=["staff"], dependencies=[NO_STORE_ANSWER])

ListName = Annotated[WordListName, Path(description="banned, suspect or allowed.")]
Word = Annotated[
    str, Path(min_length=1, max_length=WORD_LENGTH * 4, description="The entry, as listed.")
]
BUILT_IN = (
    " Masthead's built-in lists apply as well; these are the moderators' additions (allowed "
    "words undo a built-in refusal)."
)


@router.get(
    "",
    response_model=WordListsOut,
    responses={401: {}, 403: {}},
    summary="The moderators' banned, suspect and allowed words (moderator)",
    description="Banned words are refused wherever a reader's words are shown (comments, "
    "display names, bios: the profanity check); a comment with a suspect word waits for a "
    "moderator; allowed words are never refused." + BUILT_IN,
)
def show_lists(_: ModeratorDep, db: DbDep) -> WordListsOut:
    return word_lists.listing(db)


@router.post(
    "/{list_name}",
    response_model=WordListsOut,
    status_code=201,
    responses={400: {}, 401: {}, 403: {}, 409: {}},
    summary="Add a word or phrase to a list (moderator; audited)",
    description="It applies at once. Stored lowercase with single spaces, at most "
    f"{WORD_LENGTH} characters; answers the three lists. 400 `bad-request` for an empty or "
    "longer entry, or one with a slash; 409 `word-listed` when it is on the list.",
)
def add_word(
    list_name: ListName,
    body: WordIn,
    staff: ModeratorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> WordListsOut:
    return word_lists.add(db, rt, staff, list_name, body.word, address)


@router.delete(
    "/{list_name}/{word}",
    status_code=204,
    responses={401: {}, 403: {}, 404: {}},
    summary="Take a word or phrase off a list (moderator; audited)",
    description="404 `word-not-listed` when it is not on the list.",
)
def remove_word(
    list_name: ListName,
    word: Word,
    staff: ModeratorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> Response:
    word_lists.remove(db, rt, staff, list_name, word, address)
    return Response(status_code=204)
