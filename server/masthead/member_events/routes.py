"""GET /wp-json/nyp-membership/v1/member-events: the upcoming member events, for the account
area's onboarding (its events step). HTTP only; service.py holds the rule."""

from __future__ import annotations

from fastapi import APIRouter, Response

from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import ReaderDep
from masthead.member_events import service
from masthead.member_events.schemas import MemberEventListOut
from masthead.no_store import no_store
from masthead.nonces import NonceDep

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])


@router.get(
    "/member-events",
    response_model=MemberEventListOut,
    responses={401: {}, 403: {}},
    summary="The upcoming member events, soonest first (members)",
    description="For a signed-in reader with a member-like status or print home delivery: "
    "the events that have not started yet, soonest first (at most 20). 401 `unauthorized` "
    "without a session; 403 `not-entitled` for any other reader, saying how to join; 403 "
    "`bad-nonce` without the page's nonce (X-WP-Nonce). `Cache-Control: no-store` (the "
    "answer depends on the reader). One indexed read per call, like the account area's other "
    "reads: no rate limit of its own.",
)
def member_events(
    _nonce: NonceDep, reader: ReaderDep, db: DbDep, rt: RuntimeDep, response: Response
) -> MemberEventListOut:
    no_store(response)
    return MemberEventListOut(events=service.upcoming_for(db, rt, reader))
