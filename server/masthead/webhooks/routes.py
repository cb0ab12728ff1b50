"""POST /wp-json/nyp-membership/v1/webhook: the page's events, forwarded (forwarding.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form

from masthead.deps import DbDep, Runtime, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import AddressDep, Reader, optional_reader
from masthead.nonces import NonceDep
from masthead.ratelimit import enforce
from masthead.webhooks import forwarding
from masthead.webhooks.schemas import EventQueued

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])
_EVENT_NAME: dict[str, object] = {"pattern": f"^{forwarding.TYPE_PATTERN.pattern}$"}


@router.post(
    "/webhook",
    status_code=202,
    response_model=EventQueued,
    responses={400: {}, 403: {}, 429: {}},
    summary="Forward a page event (tracking, comments) to a configured target",
    description="Form data: `_ajax_nonce`, `type`, `targetUrl` (one of "
    "MASTHEAD_WEBHOOK_TARGETS), optional `details` (a JSON object as text, 4 KB at most). "
    "Queued in the outbox and delivered signed, retried until the target answers 2xx. The "
    "signed-in reader's tracking id goes with it; anonymous events are accepted too. "
    "Rate limited per client address and per signed-in reader (429 too-many-requests).",
)
def webhook(
    _nonce: NonceDep,
    db: DbDep,
    rt: RuntimeDep,
    reader: Annotated[Reader | None, Depends(optional_reader)],
    # Documented here, checked by forwarding.accept (which words the refusal).
    type: Annotated[str, Form(min_length=1, max_length=64, json_schema_extra=_EVENT_NAME)],
    targetUrl: Annotated[str, Form(min_length=1, max_length=2000)],
    address: AddressDep,
    details: Annotated[str | None, Form()] = None,
) -> EventQueued:
    _limit(rt, address, reader)
    try:
        event_id = forwarding.accept(db, rt, reader, type, targetUrl, details)
    except forwarding.EventRefused as exc:
        raise ApiError(400, "bad-request", exc.message) from None
    return EventQueued(id=event_id, queued=True)


def _limit(rt: Runtime, address: str, reader: Reader | None) -> None:
    """Each event is a stored job and an outgoing request: a page may not queue them freely."""
    settings, window = rt.settings, rt.settings.rate_limit_window_seconds
    limit = settings.webhook_events_per_address
    enforce(rt.rate_limiter, f"webhook:ip:{address}", limit, window)
    if reader is not None:
        limit = settings.webhook_events_per_account
        enforce(rt.rate_limiter, f"webhook:acct:{reader.user_id}", limit, window)
