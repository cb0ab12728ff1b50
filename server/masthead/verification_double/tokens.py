"""What the double's siteverify answers for a secret and a token (pure but for the spent set).

Turnstile's published test secrets decide first: 1x...AA passes, 2x...AA fails, 3x...AA
answers "token already spent"; any other secret is refused as invalid. Then the token:
- the double's own tokens, `double.<outcome>.<payload>.<random>`, made by its browser script,
  carry where the challenge ran (host name), its action, the API used (grecaptcha: scored) and
  an outcome the test chose (pass, fail, low-score); each is good once, as real tokens are;
- Turnstile's dummy token XXXX.DUMMY.TOKEN.XXXX passes as a challenge run on example.com with
  no action (so Masthead's own check refuses it: it proves nothing about this site).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections import OrderedDict
from datetime import UTC, datetime
from typing import Any

# Cloudflare's published test values (REFERENCE.md), not secrets of ours.
PASS_SECRET = "1x0000000000000000000000000000000AA"  # noqa: S105
FAIL_SECRET = "2x0000000000000000000000000000000AA"  # noqa: S105
SPENT_SECRET = "3x0000000000000000000000000000000AA"  # noqa: S105
DUMMY_TOKEN = "XXXX.DUMMY.TOKEN.XXXX"  # noqa: S105
PASSING_SCORE, LOW_SCORE = 0.9, 0.1
KEPT_SPENT = 10_000  # tokens remembered as used (a test stand-in: one process's memory)


def _refused(*codes: str) -> dict[str, Any]:
    return {"success": False, "error-codes": list(codes)}


def _payload(text: str) -> dict[str, Any] | None:
    try:
        decoded = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError):
        return None
    return decoded if isinstance(decoded, dict) else None


class Siteverify:
    def __init__(self) -> None:
        self._spent: OrderedDict[str, None] = OrderedDict()

    def answer(self, secret: str, token: str, now: datetime | None = None) -> dict[str, Any]:
        if not secret:
            return _refused("missing-input-secret")
        if secret not in (PASS_SECRET, FAIL_SECRET, SPENT_SECRET):
            return _refused("invalid-input-secret")
        if not token:
            return _refused("missing-input-response")
        if secret == FAIL_SECRET:
            return _refused("invalid-input-response")
        if secret == SPENT_SECRET or token in self._spent:
            return _refused("timeout-or-duplicate")
        stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        if token == DUMMY_TOKEN:
            return _passed(stamp, "example.com", "", None)
        parts = token.split(".")
        payload = _payload(parts[2]) if len(parts) == 4 and parts[0] == "double" else None
        if payload is None:
            return _refused("invalid-input-response")
        self._spend(token)
        outcome = parts[1]
        if outcome == "fail":
            return _refused("invalid-input-response")
        scored = payload.get("api") == "grecaptcha"
        score = (LOW_SCORE if outcome == "low-score" else PASSING_SCORE) if scored else None
        return _passed(
            stamp, str(payload.get("hostname", "")), str(payload.get("action", "")), score
        )

    def _spend(self, token: str) -> None:
        self._spent[token] = None
        while len(self._spent) > KEPT_SPENT:
            self._spent.popitem(last=False)


def _passed(stamp: str, hostname: str, action: str, score: float | None) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "success": True,
        "challenge_ts": stamp,
        "hostname": hostname,
        "action": action,
        "error-codes": [],
    }
    if score is not None:
        answer["score"] = score
    else:
        answer["cdata"] = ""
    return answer
