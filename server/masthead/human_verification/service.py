"""Human verification's rules: whether the challenge is on, what the browser needs for it,
and checking a token with the provider's siteverify."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from masthead.deps import Runtime
from masthead.human_verification import siteverify
from masthead.human_verification.proof import make_proof
from masthead.human_verification.providers import ACTION, PROVIDERS, Provider, judge
from masthead.settings import Settings

log = logging.getLogger(__name__)

FAILED_MESSAGE = "We couldn't confirm you're not a robot. Please try again."
UNAVAILABLE_MESSAGE = (
    "We couldn't reach the verification service just now. Please try again in a moment."
)
REQUIRED_MESSAGE = "Please confirm you're not a robot, then try again."

# The verification double's paths (masthead/verification_double), aimed at when it is on.
DOUBLE_SCRIPT_PATH = "/verification-double/api.js"
DOUBLE_SITEVERIFY_PATH = "/verification-double/siteverify"


class HumanVerificationError(Exception):
    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status, self.type, self.message = status, type_, message


@dataclass(frozen=True)
class Challenge:
    """What the browser needs to run the challenge (the secret never leaves the server)."""

    provider: Provider
    site_key: str
    script_url: str


def challenge(settings: Settings) -> Challenge | None:
    """The challenge in force, or None: off by setting, or no provider or no keys (so `make
    run`, which sets none, loads nothing from the internet)."""
    provider = PROVIDERS.get(settings.human_verification_provider)
    site_key, secret = settings.human_verification_site_key, settings.human_verification_secret
    if settings.human_verification_disabled or provider is None or not site_key or not secret:
        return None
    script = settings.human_verification_script_url or (
        DOUBLE_SCRIPT_PATH if settings.human_verification_double else provider.script_url
    )
    return Challenge(provider, site_key, script.replace("{site_key}", site_key))


def siteverify_url(settings: Settings, provider: Provider) -> str:
    if settings.human_verification_siteverify_url:
        return settings.human_verification_siteverify_url
    if settings.human_verification_double:
        return settings.public_url.rstrip("/") + DOUBLE_SITEVERIFY_PATH
    return provider.siteverify_url


def verify(rt: Runtime, token: str, remote_ip: str, hostname: str) -> str | None:
    """Checks a token; answers the proof for the browser's cookie (None while the challenge
    is off: there is nothing to prove). Raises HumanVerificationError when it fails (403) or
    the provider cannot answer (503)."""
    settings = rt.settings
    found = challenge(settings)
    if found is None:
        return None
    url = siteverify_url(settings, found.provider)
    try:
        answer = siteverify.ask(url, settings.human_verification_secret, token, remote_ip)
    except siteverify.SiteverifyUnavailable as exc:
        log.warning("human verification: %s siteverify unavailable: %s", found.provider.name, exc)
        raise HumanVerificationError(503, "verification-unavailable", UNAVAILABLE_MESSAGE) from exc
    verdict = judge(found.provider, answer, hostname, settings.human_verification_score_threshold)
    if not verdict.passed:
        log.info("human verification failed (%s) for action %s", verdict.reason, ACTION)
        raise HumanVerificationError(403, "verification-failed", FAILED_MESSAGE)
    lifetime = settings.human_verification_proof_minutes * 60
    return make_proof(settings.secret_key, rt.clock.now(), lifetime)
