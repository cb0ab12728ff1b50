"""HTTP for the site API's human-verification calls: recaptcha-disable and recaptcha."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from masthead.client_address import AddressDep
from masthead.deps import RuntimeDep
from masthead.errors import ApiError
from masthead.human_verification import schemas, service
from masthead.human_verification.proof import PROOF_COOKIE
from masthead.nonces import NonceDep
from masthead.ratelimit import enforce

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])


def _limit_per_address(rt: RuntimeDep, address: AddressDep) -> None:
    """A dependency, so that a refused body counts too: every attempt counts (each one costs
    a call to the provider)."""
    settings = rt.settings
    limit = settings.human_verification_attempts_per_address
    enforce(rt.rate_limiter, f"recaptcha:ip:{address}", limit, settings.rate_limit_window_seconds)


LimitDep = Annotated[None, Depends(_limit_per_address)]


@router.get(
    "/recaptcha-disable",
    response_model=schemas.ChallengeOut,
    summary="Whether the human-verification challenge is off, else what the browser needs",
    description="`disabled` true when the server turns the challenge off or no key is set; "
    "otherwise the provider (`recaptcha` for reCAPTCHA v3, `turnstile` for Cloudflare "
    "Turnstile), its site key and browser script, and the action `nyp_membership`. While it "
    "is on, POST /blaize/register (a password registration) and POST "
    "/wp-json/nyp-membership/v1/prepare-customer need a passed check (POST .../recaptcha) "
    "first.",
)
def recaptcha_disable(rt: RuntimeDep) -> schemas.ChallengeOut:
    found = service.challenge(rt.settings)
    if found is None:
        return schemas.ChallengeOut(disabled=True)
    return schemas.ChallengeOut(
        disabled=False,
        provider=found.provider.name,
        site_key=found.site_key,
        script_url=found.script_url,
    )


@router.post(
    "/recaptcha",
    response_model=schemas.VerifyOut,
    responses={400: {}, 403: {}, 429: {}, 503: {}},
    summary="Check a human-verification token on the server",
    description="JSON `{token}` from the provider's browser API for the action "
    "`nyp_membership`. The server asks the provider's siteverify and passes the token only "
    "when it succeeded for this action on this site's host name (and, for reCAPTCHA v3, "
    "with a score at or above MASTHEAD_HUMAN_VERIFICATION_SCORE_THRESHOLD); then an "
    "HttpOnly cookie lets this browser register and start a purchase for "
    "MASTHEAD_HUMAN_VERIFICATION_PROOF_MINUTES. While the challenge is off it answers 200 "
    "`disabled` true and checks nothing. Needs the page's nonce (403 `bad-nonce`). 403 "
    "`verification-failed` when the check fails (ask the provider for a new token and try "
    "again), 503 `verification-unavailable` when the provider cannot be reached, 429 "
    "`too-many-requests` beyond MASTHEAD_HUMAN_VERIFICATION_ATTEMPTS_PER_ADDRESS per "
    "rate-limit window.",
)
def recaptcha(
    _nonce: NonceDep,
    _limit: LimitDep,
    body: schemas.VerifyIn,
    request: Request,
    response: Response,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.VerifyOut:
    hostname = request.url.hostname or ""
    try:
        proof = service.verify(rt, body.token, address, hostname)
    except service.HumanVerificationError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None
    if proof is None:
        return schemas.VerifyOut(disabled=True, expires_in=0)
    lifetime = rt.settings.human_verification_proof_minutes * 60
    response.set_cookie(
        PROOF_COOKIE,
        proof,
        max_age=lifetime,
        path="/",
        httponly=True,
        samesite="lax",
        secure=rt.settings.secure_cookies,
    )
    return schemas.VerifyOut(disabled=False, expires_in=lifetime)
