"""The one call to the outside: the provider's siteverify (the same wire for reCAPTCHA and
Turnstile: a form POST of secret, response and remoteip, answering JSON)."""

from __future__ import annotations

from typing import Any

import httpx2

TIMEOUT_SECONDS = 5.0  # the reader is waiting on the register or checkout button


class SiteverifyUnavailable(Exception):
    """No usable answer: unreachable, timed out, a 5xx or a body that is not a JSON object."""


def ask(url: str, secret: str, token: str, remote_ip: str) -> dict[str, Any]:
    form = {"secret": secret, "response": token}
    if remote_ip and remote_ip != "unknown":
        form["remoteip"] = remote_ip
    try:
        with httpx2.Client(timeout=TIMEOUT_SECONDS, follow_redirects=False) as http:
            answer = http.post(url, data=form, headers={"Accept": "application/json"})
        answer.raise_for_status()
        body = answer.json()
    except (httpx2.HTTPError, ValueError) as exc:
        raise SiteverifyUnavailable(str(exc)) from exc
    if not isinstance(body, dict):
        raise SiteverifyUnavailable("the answer is not a JSON object")
    return body
