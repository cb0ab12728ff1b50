"""POST /wp-json/nyp-membership/v1/feedback: a signed-in reader writes to the publisher."""

from __future__ import annotations

from fastapi import APIRouter, Request

from masthead.deps import DbDep, Runtime, RuntimeDep
from masthead.errors import ApiError
from masthead.feedback import schemas, service
from masthead.identity.api import AddressDep, ReaderDep
from masthead.nonces import NonceDep
from masthead.ratelimit import enforce
from masthead.site.api import brand_for_host

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])


@router.post(
    "/feedback",
    response_model=schemas.FeedbackOut,
    responses={400: {}, 401: {}, 403: {}, 429: {}},
    summary="Send feedback to the publisher",
    description="Signed in, with the page's nonce (403 `bad-nonce`). The message is kept "
    "and mailed to the publisher's team (MASTHEAD_FEEDBACK_TO); with `may_reply` the mail "
    "names the reader's address to answer. A message blank once trimmed is 400. Rate "
    "limited per reader and per client address (429).",
)
def send_feedback(
    _nonce: NonceDep,
    body: schemas.FeedbackIn,
    request: Request,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.FeedbackOut:
    _limit(rt, address, reader.user_id)
    brand = brand_for_host(rt.settings, request.headers.get("host", "")).key
    try:
        return service.send(db, rt, reader, body, brand)
    except service.FeedbackError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


def _limit(rt: Runtime, address: str, user_id: int) -> None:
    """Each message is a stored row and a mail to staff: a page may not repeat it freely."""
    window = rt.settings.rate_limit_window_seconds
    enforce(rt.rate_limiter, f"feedback:ip:{address}", rt.settings.feedback_per_address, window)
    enforce(rt.rate_limiter, f"feedback:acct:{user_id}", rt.settings.feedback_per_reader, window)
