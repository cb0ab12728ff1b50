"""Site API routes (`/wp-json/nyp-membership/v1/*`): HTTP only. The content call
is in content_routes.py, mounted first."""

from __future__ import annotations

from fastapi import APIRouter, Response

from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import ReaderDep
from masthead.no_store import no_store
from masthead.nonces import NonceDep
from masthead.site import schemas, service

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])


@router.get(
    "/saasquatch_jwt",
    response_model=schemas.ReferralJwtResponse,
    responses={401: {}, 503: {}},
    summary="The signed-in reader's referral JWT",
    description="For the account area's Refer a friend and My rewards pages. Needs the "
    "session cookie (401 `unauthorized` otherwise). The user is the reader: `id` and "
    "`accountId` are both the reader's tracking id, with their email and names. The JWT is "
    "HS256, signed with the key of the tenant `MASTHEAD_REFERRAL_TENANT`, and expires after "
    "`MASTHEAD_REFERRAL_JWT_MINUTES` (default 60). `Cache-Control: no-store`. 503 "
    "`referrals-unavailable` when that tenant does not exist. 403 `bad-nonce` without the "
    "page's nonce (X-WP-Nonce).",
)
def saasquatch_jwt(
    _nonce: NonceDep, reader: ReaderDep, db: DbDep, rt: RuntimeDep, response: Response
) -> schemas.ReferralJwtResponse:
    no_store(response)
    return service.referral_jwt(db, rt, reader)
