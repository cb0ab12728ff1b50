"""POST /wp-json/nyp-membership/v1/newsletters: the site API's newsletters call (spec
section 7), one form-data endpoint with three actions (service.py holds the rules)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Form

from masthead.deps import DbDep, Runtime, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import AddressDep, Reader, ReaderDep
from masthead.newsletters import service
from masthead.newsletters.schemas import NewslettersOut
from masthead.nonces import NonceDep
from masthead.ratelimit import enforce

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])


def _ids(schema: dict[str, Any]) -> None:
    """Absent or list ids separated by commas: as text, never null."""
    schema.pop("anyOf", None)
    schema.update(type="string", maxLength=2000, pattern=r"^[0-9, ]*$")


def _optional_boolean(schema: dict[str, Any]) -> None:
    """Absent or true/false: a form field has no null (the text "null" is no boolean)."""
    schema.pop("anyOf", None)
    schema["type"] = "boolean"


PAUSE_REQUIRED = "The pause_membership field is required for account_change: true or false."


@router.post(
    "/newsletters",
    response_model=NewslettersOut,
    responses={400: {}, 401: {}, 403: {}, 429: {}},
    summary="Read or change the signed-in reader's newsletters",
    description="Form data with `_ajax_nonce` (403 `bad-nonce` without a valid one) and "
    "`email`, which must be the signed-in reader's own address (403 `email-mismatch`). "
    "`action=read` answers the lists by group, the reader's subscriptions "
    "(`userinfo.list_subscriptions`, list ids) and `membership` (`status`, `homeDelivery`, "
    "`exclusiveAccess`: whether exclusive lists are open to them). `action=update` takes "
    "`subscribe` and `unsubscribe`, each list ids separated by commas (`3,5`); when both are "
    "empty nothing happens. Joining an exclusive list without `exclusiveAccess` is 403 "
    "`not-entitled`; an unknown or retired list is 400 `unknown-newsletter`. "
    "`action=account_change` takes `pause_membership` (true or false) and records the paused "
    "flag. Each change is queued for the email provider in the same transaction. All three "
    "answer the state after the call. update and account_change are rate limited per reader "
    "and per client address (429 too-many-requests).",
)
def newsletters(
    _nonce: NonceDep,
    db: DbDep,
    rt: RuntimeDep,
    reader: ReaderDep,
    address: AddressDep,
    action: Annotated[Literal["read", "update", "account_change"], Form()],
    email: Annotated[str, Form(min_length=1, max_length=320)],
    subscribe: Annotated[str | None, Form(max_length=2000, json_schema_extra=_ids)] = None,
    unsubscribe: Annotated[str | None, Form(max_length=2000, json_schema_extra=_ids)] = None,
    pause_membership: Annotated[bool | None, Form(json_schema_extra=_optional_boolean)] = None,
) -> NewslettersOut:
    try:
        service.check_email(reader, email)
        if action == "read":
            return service.read(db, rt, reader)
        _limit(rt, address, reader)
        if action == "update":
            return service.update(db, rt, reader, subscribe, unsubscribe)
        if pause_membership is None:
            raise ApiError(400, "bad-request", PAUSE_REQUIRED)
        return service.account_change(db, rt, reader, pause_membership)
    except service.NewsletterError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


def _limit(rt: Runtime, address: str, reader: Reader) -> None:
    """Each change is a stored job and a call to the provider: a page may not repeat it freely."""
    settings, window = rt.settings, rt.settings.rate_limit_window_seconds
    enforce(
        rt.rate_limiter, f"newsletters:ip:{address}", settings.newsletter_writes_per_address, window
    )
    enforce(
        rt.rate_limiter,
        f"newsletters:acct:{reader.user_id}",
        settings.newsletter_writes_per_account,
        window,
    )
