"""The two providers behind one interface, and the rule that judges a siteverify answer.

reCAPTCHA v3 and Cloudflare Turnstile check tokens the same way (a form POST of secret,
response and remoteip to their siteverify, answering success, hostname, action and
error-codes); they differ in their browser script and in reCAPTCHA's score. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

ACTION: Literal["nyp_membership"] = "nyp_membership"  # spec section 5: the action

ProviderName = Literal["recaptcha", "turnstile"]


@dataclass(frozen=True)
class Provider:
    name: ProviderName
    script_url: str  # loaded by the browser; its global API is grecaptcha or turnstile
    siteverify_url: str
    scored: bool  # reCAPTCHA v3 answers a score; Turnstile does not


PROVIDERS: dict[str, Provider] = {
    "recaptcha": Provider(
        "recaptcha",
        "https://www.google.com/recaptcha/api.js?render={site_key}",
        "https://www.google.com/recaptcha/api/siteverify",
        scored=True,
    ),
    "turnstile": Provider(
        "turnstile",
        "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
        "https://challenges.cloudflare.com/turnstile/v0/siteverify",
        scored=False,
    ),
}

# Why a check failed, as the log and the tests read it (the reader gets one sentence).
Reason = Literal["refused", "spent", "wrong-action", "wrong-hostname", "low-score"]


@dataclass(frozen=True)
class Verdict:
    passed: bool
    reason: Reason | None = None


def judge(provider: Provider, answer: dict[str, Any], hostname: str, threshold: float) -> Verdict:
    """Whether a siteverify answer proves a person on this site did the nyp_membership
    challenge just now: success, our action, the page's host name, and (reCAPTCHA) a score
    at or above the threshold. Anything missing or of the wrong kind fails."""
    if answer.get("success") is not True:
        codes = answer.get("error-codes")
        spent = isinstance(codes, list) and "timeout-or-duplicate" in codes
        return Verdict(False, "spent" if spent else "refused")
    if answer.get("action") != ACTION:
        return Verdict(False, "wrong-action")
    answered_host = answer.get("hostname")
    if not isinstance(answered_host, str) or answered_host.lower() != hostname.lower():
        return Verdict(False, "wrong-hostname")
    if provider.scored:
        score = answer.get("score")
        if isinstance(score, bool) or not isinstance(score, int | float) or score < threshold:
            return Verdict(False, "low-score")
    return Verdict(True)
