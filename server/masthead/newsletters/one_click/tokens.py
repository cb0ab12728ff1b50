"""The signed keys of newsletter mail: one to leave one list (List-Unsubscribe, RFC 8058) and
one to open the reader's newsletter preferences without signing in.

Stateless, as masthead/nonces.py and human_verification/proof.py sign theirs: the ids in
clear and an HMAC-SHA256 under the server's secret key over the purpose and those ids, so a
key for one list, one account or one purpose is no key for another. Nothing is stored, so
nothing is looked up to refuse a forged one.

- unsubscribe ("u1.<account id>.<list id>.<signature>") never expires: mail is read months
  later, and leaving a list must always work. It stops working when the account is erased
  (the service finds no account; account ids are never reused, identity/models.py).
- preferences ("p1.<account id>.<expiry>.<signature>") lasts PREFERENCES_DAYS: it lets
  whoever holds the mail change the reader's lists, so a forwarded or leaked mail should not
  do that forever; past it, the reader signs in.

Rotating MASTHEAD_SECRET_KEY ends every key, as it ends every nonce.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta

PREFERENCES_DAYS = 30
_SIGNATURE_CHARS = 32  # 128 bits of the HMAC, in hex: as long as needed, short in a header
_MAX_ID = 2**31 - 1  # INTEGER ids: anything larger names nothing


@dataclass(frozen=True)
class UnsubscribeKey:
    user_id: int
    list_id: int


@dataclass(frozen=True)
class PreferencesKey:
    user_id: int
    expires: int  # Unix seconds


def _sign(secret: str, purpose: str, first: int, second: int) -> str:
    message = f"newsletter-{purpose}|{first}|{second}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:_SIGNATURE_CHARS]


def unsubscribe_token(secret: str, user_id: int, list_id: int) -> str:
    return f"u1.{user_id}.{list_id}.{_sign(secret, 'unsubscribe', user_id, list_id)}"


def preferences_token(secret: str, user_id: int, now: datetime) -> str:
    expires = int((now + timedelta(days=PREFERENCES_DAYS)).timestamp())
    return f"p1.{user_id}.{expires}.{_sign(secret, 'preferences', user_id, expires)}"


def _parts(secret: str, token: str, kind: str, purpose: str) -> tuple[int, int] | None:
    """The two numbers of a well-formed, correctly signed key of this kind, else None."""
    pieces = token.split(".")
    if len(pieces) != 4 or pieces[0] != kind:
        return None
    first, second, signature = pieces[1:]
    if not all(p.isascii() and p.isdigit() and len(p) <= 12 for p in (first, second)):
        return None
    # Bytes: compare_digest refuses a str with non-ASCII characters, and a key is the
    # client's text.
    sent = signature.encode("utf-8", "surrogatepass")
    expected = _sign(secret, purpose, int(first), int(second)).encode()
    if not hmac.compare_digest(sent, expected):
        return None
    return int(first), int(second)


def read_unsubscribe(secret: str, token: str) -> UnsubscribeKey | None:
    parts = _parts(secret, token, "u1", "unsubscribe")
    if parts is None or max(parts) > _MAX_ID:
        return None
    return UnsubscribeKey(*parts)


def read_preferences(secret: str, token: str) -> PreferencesKey | None:
    """A correctly signed preferences key, expired or not (the caller says which)."""
    parts = _parts(secret, token, "p1", "preferences")
    if parts is None or parts[0] > _MAX_ID:
        return None
    return PreferencesKey(*parts)


def expired(key: PreferencesKey, now: datetime) -> bool:
    return int(now.timestamp()) >= key.expires
