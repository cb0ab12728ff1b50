"""The site API's profanity check (`POST /wp-json/nyp-membership/v1/profanity-check`): HTTP
only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from masthead.client_address import AddressDep
from masthead.deps import DbDep, RuntimeDep
from masthead.moderation import schemas, service
from masthead.moderation.profanity import MAX_TEXT_LENGTH
from masthead.nonces import NonceDep
from masthead.ratelimit import enforce

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])


def _limit_per_address(rt: RuntimeDep, address: AddressDep) -> None:
    """A dependency, so that a refused body counts too: every attempt counts."""
    settings = rt.settings
    limit, window = settings.profanity_checks_per_address, settings.rate_limit_window_seconds
    enforce(rt.rate_limiter, f"profanity-check:ip:{address}", limit, window)


LimitDep = Annotated[None, Depends(_limit_per_address)]


@router.post(
    "/profanity-check",
    response_model=schemas.ProfanityCheckOut,
    responses={400: {}, 403: {}, 429: {}},
    summary="Check a display name, bio or comment for profanity before saving it",
    description='JSON `{"string": <text>}`, the text at most '
    f'{MAX_TEXT_LENGTH:,} characters. Answers 200 `{{"result": "pass"}}` when the text may '
    'be saved, else 200 `{"result": "profane", "message": <sentence>}`, the sentence '
    "quoting the first refused word for the reader to change (any result other than `pass` "
    "fails). Masthead's built-in lists apply, and with them the lists moderators edit in the "
    "staff console (GET /admin/api/word-lists): their banned words are refused, their allowed "
    "words pass. Whole words only, so ordinary words that contain a rude one pass (Scunthorpe, "
    "assessment), and so do names written as names (Dick Van Dyke); leetspeak, separators, "
    "masks and stretched letters are read through (sh1t, s.h.i.t, f*ck, shiiiit). The same "
    "check guards the profile's `display-name` and `bio` on the server (POST /blaize/profile). "
    "Anyone may call it, signed in or not, with the page's nonce (X-WP-Nonce; 403 `bad-nonce` "
    "without). 400 `bad-request` for a missing, non-text or longer `string`; 429 "
    "`too-many-requests` beyond MASTHEAD_PROFANITY_CHECKS_PER_ADDRESS checks per client "
    "address per rate-limit window.",
)
def profanity_check(
    _nonce: NonceDep, _limit: LimitDep, body: schemas.ProfanityCheckIn, db: DbDep
) -> schemas.ProfanityPassed | schemas.ProfanityRefused:
    return service.profanity_check(body.string, service.edited_lists(db))
