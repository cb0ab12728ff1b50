"""GET /wp-json/nyp-membership/v1/nonce: a fresh site API nonce for this session.

The account area is one page that outlives logins and logouts: a nonce made for the session
it started with stops working when the session changes, so the page asks for a new one
(only a same-origin page can read the answer: no CORS here).
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from masthead.deps import RuntimeDep
from masthead.no_store import no_store
from masthead.nonces import nonce_for_request

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])


class NonceOut(BaseModel):
    nonce: str


@router.get(
    "/nonce",
    response_model=NonceOut,
    summary="A site API nonce (X-WP-Nonce) for the current session",
    description="Bound to the session cookie sent with this request (or to no session), "
    "valid for 12 to 24 hours. `Cache-Control: no-store`.",
)
def nonce(request: Request, response: Response, rt: RuntimeDep) -> NonceOut:
    no_store(response)
    return NonceOut(nonce=nonce_for_request(rt, request))
