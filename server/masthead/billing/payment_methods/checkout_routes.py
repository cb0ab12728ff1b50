"""HTTP for the site API's prepare-customer and postal-code calls (see site_calls.py)."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import APIRouter, Body, Depends, Request

from masthead.billing.errors import BillingError
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.payment_methods import checkout as site_calls
from masthead.billing.payment_methods.checkout_schemas import (
    PostalCodeIn,
    PostalCodeOut,
    PrepareCustomerIn,
    PrepareCustomerOut,
)
from masthead.billing.payment_methods.postal_codes import PostalCodeError, parse_address
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.human_verification.api import HumanProofDep
from masthead.identity.api import SESSION_COOKIE, Reader, ReaderDep
from masthead.no_store import NO_STORE_ANSWER
from masthead.nonces import require_rest_nonce
from masthead.region import RegionDep

router = APIRouter(
    prefix="/wp-json/nyp-membership/v1",
    tags=["site"],
    # the page's nonce (X-WP-Nonce); the answers are the reader's own: never cached
    dependencies=[Depends(require_rest_nonce), NO_STORE_ANSWER],
)
MISMATCH_MESSAGE = "This request names another reader's session. Please log in again."


def _same_reader(
    request: Request, reader: Reader, session_id: str | None, tracking_id: str | None
) -> None:
    """The body's session and tracking ids, when sent, must be the signed-in reader's."""
    cookie = request.cookies.get(SESSION_COOKIE, "")
    if session_id and not _same(session_id, cookie):
        raise ApiError(403, "session-mismatch", MISMATCH_MESSAGE)
    if tracking_id and not _same(tracking_id, reader.tracking_id):
        raise ApiError(403, "session-mismatch", MISMATCH_MESSAGE)


def _same(given: str, actual: str) -> bool:
    """Compared in constant time, as bytes: compare_digest refuses str with non-ASCII (a 500)."""
    return hmac.compare_digest(given.encode(), actual.encode())


@router.post(
    "/prepare-customer",
    response_model=PrepareCustomerOut,
    responses={400: {}, 401: {}, 403: {}, 503: {}},
    summary="Make the reader's gateway customer before the card form opens",
    description="Creates the signed-in reader's customer at the payment gateway the first "
    "time and answers the same one afterwards, with a fresh client token for the card form. "
    "The body is optional. 403 `unsupported-region` outside the supported region, "
    "`membership-disabled` when memberships are off, `session-mismatch` when `session_id` "
    "or `tracking_id` is another reader's, `human-verification-required` while human "
    "verification is on and this browser has not passed a check (POST .../recaptcha); 503 "
    "`payment-unavailable` when the gateway is unreachable.",
)
def prepare_customer(
    request: Request,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    region: RegionDep,
    _human: HumanProofDep,  # the payflow's first write: a passed check while it is on
    body: Annotated[PrepareCustomerIn | None, Body()] = None,
) -> PrepareCustomerOut:
    given = body or PrepareCustomerIn()
    _same_reader(request, reader, given.session_id, given.tracking_id)
    try:
        return site_calls.prepare_customer(db, rt, gateway_of(rt), reader, region)
    except BillingError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


@router.post(
    "/postal-code",
    response_model=PostalCodeOut,
    responses={400: {}, 401: {}, 403: {}},
    summary="Keep the reader's billing state and ZIP code; say whether memberships are sold there",
    description="`state` is a US state, district, territory or military code; `postal_code` a "
    "5-digit ZIP code or ZIP+4, whose first three digits must be the state's. They are kept "
    "on the reader's profile as `billing-state` and `billing-postal-code`. 400 `bad-request` "
    "for a state or ZIP code that is not one, 400 `postal-code-mismatch` when the ZIP code is "
    "not in the state (nothing is kept); 403 `session-mismatch` when `session_id` or "
    "`tracking_id` is another reader's.",
)
def postal_code(
    body: PostalCodeIn, request: Request, reader: ReaderDep, db: DbDep, rt: RuntimeDep
) -> PostalCodeOut:
    _same_reader(request, reader, body.session_id, body.tracking_id)
    try:
        address = parse_address(body.state, body.postal_code)
    except PostalCodeError as exc:
        raise ApiError(400, exc.type, exc.message) from None
    return site_calls.record_postal_code(db, rt, reader, address)
