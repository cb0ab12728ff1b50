"""Human verification's public face: the guard register and the payflow's first write use."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.human_verification.proof import PROOF_COOKIE, proof_valid
from masthead.human_verification.service import REQUIRED_MESSAGE, challenge

__all__ = ["HumanProofDep", "require_human_proof"]


def require_human_proof(request: Request) -> None:
    """403 `human-verification-required` while the challenge is on and this browser has no
    live proof of a passed check (POST /wp-json/nyp-membership/v1/recaptcha gives one)."""
    runtime: Runtime = request.app.state.runtime
    if challenge(runtime.settings) is None:
        return
    value = request.cookies.get(PROOF_COOKIE, "")
    if not value or not proof_valid(runtime.settings.secret_key, value, runtime.clock.now()):
        raise ApiError(403, "human-verification-required", REQUIRED_MESSAGE)


HumanProofDep = Annotated[None, Depends(require_human_proof)]
