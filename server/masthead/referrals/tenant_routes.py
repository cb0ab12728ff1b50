"""Referral invites and tracked events (spec section 7, calls 4 and 8)."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Path, Request

from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.referrals import conversions, invites, schemas, service
from masthead.referrals.errors import bad_request
from masthead.referrals.transport import ReferralRoute, api_key, user_token

router = APIRouter(prefix="/api/v1/{tenant_alias}", route_class=ReferralRoute, tags=["referrals"])

MAX_FIELDS_CHARS = 10_000


@router.post(
    "/mail/referralinvite",
    response_model=schemas.InviteResponse,
    responses=schemas.error_responses(400, 401, 403, 404, 429),
    summary="Mail the sender's share link to up to 20 friends",
    description="Live tenants need the sender's user JWT; test tenants accept calls without "
    "one. Every recipient must be a valid address (400 names the first that is not); at most "
    "20 per call, 10 calls an hour per sending account and 30 per client address (429 with "
    "Retry-After). Mail goes through the outbox.",
)
def referral_invite(
    tenant_alias: str,
    body: schemas.InviteRequest,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.InviteResponse:
    tenant = service.tenant_for(db, tenant_alias)
    service.authorise_user(
        tenant, user_token(request), body.sendingAccountId, body.sendingUserId, rt.clock.now()
    )
    sender = service.user_for(db, tenant, body.sendingAccountId, body.sendingUserId)
    accepted, rejected = invites.send_invites(db, rt, tenant, sender, body.recipients, address)
    return schemas.InviteResponse(accepted=accepted, rejected=rejected)


@router.post(
    "/open/account/{account_id}/user/{user_id}/events",
    response_model=schemas.EventsResponse,
    responses=schemas.error_responses(400, 401, 403, 404),
    summary="Track user events; a conversion key converts the pending referral",
    description="From a page: the same token rule as upsert. From the merchant's server: "
    "the tenant's API key as the password of HTTP Basic auth (`curl -u :KEY`), for any user. "
    "The body's accountId and userId must match the path. An event whose key is one of a "
    "programme's conversion keys (`purchase`, `membership_started` in the demo) converts the "
    "user's pending referral and issues the referrer's and the referred reader's rewards "
    "exactly once, however often it is sent; it is accepted only with the API key (403 "
    "SERVER_ONLY_EVENT with a user token or none). `accepted` counts the events stored: a "
    "repeated dedupeKey is dropped.",
)
def track_events(
    tenant_alias: str,
    account_id: Annotated[str, Path(max_length=255)],
    user_id: Annotated[str, Path(max_length=255)],
    body: schemas.EventsRequest,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
) -> schemas.EventsResponse:
    tenant = service.tenant_for(db, tenant_alias)
    key = api_key(request)
    if key is not None:
        service.authorise_server(tenant, key)
    else:
        service.authorise_user(tenant, user_token(request), account_id, user_id, rt.clock.now())
    if body.accountId != account_id or body.userId != user_id:
        raise bad_request("The body's accountId and userId must match the ids in the path.")
    events = []
    for index, event in enumerate(body.events):
        if len(json.dumps(event.fields or {})) > MAX_FIELDS_CHARS:
            raise bad_request(
                f"events[{index}].fields is larger than {MAX_FIELDS_CHARS} characters."
            )
        events.append(conversions.TrackedEvent(event.key, event.fields or {}, event.dedupeKey))
    accepted = conversions.track_events(
        db, rt, tenant, account_id, user_id, events, from_server=key is not None
    )
    return schemas.EventsResponse(accepted=accepted)
