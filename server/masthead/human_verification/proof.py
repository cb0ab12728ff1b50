"""The proof that this browser passed the check a moment ago: a signed, short-lived value in
an HttpOnly cookie, which register and the payflow's first write require while verification
is on. Stateless (no table): it names its expiry and an HMAC of it under the secret key, as
masthead/nonces.py signs nonces. It proves "a person passed a check here recently", not who;
the attempt limits of register and card payments still count every use.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime

PROOF_COOKIE = "mh_human"
_PURPOSE = "human-verified|nyp_membership"


def _signature(secret: str, expires: int) -> str:
    message = f"{_PURPOSE}|{expires}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def make_proof(secret: str, now: datetime, lifetime_seconds: int) -> str:
    expires = int(now.timestamp()) + lifetime_seconds
    return f"{expires}.{_signature(secret, expires)}"


def proof_valid(secret: str, value: str, now: datetime) -> bool:
    expires_text, _, signature = value.partition(".")
    if not expires_text.isascii() or not expires_text.isdigit() or len(expires_text) > 12:
        return False
    expires = int(expires_text)
    # Bytes: compare_digest refuses a str with non-ASCII characters, and a cookie is the
    # client's text.
    sent = signature.encode("utf-8", "surrogatepass")
    if not hmac.compare_digest(sent, _signature(secret, expires).encode()):
        return False
    return int(now.timestamp()) < expires
