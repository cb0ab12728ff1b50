"""User JWTs: HS256 signed with the tenant's API key, payload `{"user": {...}}` or
`{"allowAnonymous": true}`, with an `exp` checked against Masthead's clock.

SaaSquatch leaves `exp` optional; Masthead requires it, so a token that leaks (a page's
source, a log, a shared screenshot) stops working instead of standing in for its user forever.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import jwt
from jwt.warnings import InsecureKeyLengthWarning

from masthead.referrals.errors import ReferralError

ALGORITHM = "HS256"

# The key is the tenant's API key as the merchant knows it (SaaSquatch compatibility), so its
# length is not ours to choose; PyJWT would warn on every call for short demo keys.
warnings.filterwarnings("ignore", category=InsecureKeyLengthWarning)


@dataclass(frozen=True)
class Claims:
    anonymous: bool
    user: dict[str, Any]


def _invalid(message: str) -> ReferralError:
    return ReferralError("INVALID_TOKEN", message)


def decode(token: str, api_key: str, now: datetime) -> Claims:
    try:
        payload = jwt.decode(
            token,
            api_key,
            algorithms=[ALGORITHM],  # never trust the header's alg ("none", RS256, HS512...)
            options={"verify_exp": False, "verify_nbf": False, "verify_iat": False},
        )
    except jwt.InvalidAlgorithmError:
        raise _invalid("The user token must be signed with HS256.") from None
    except jwt.InvalidSignatureError:
        raise _invalid("The user token's signature does not match this tenant's key.") from None
    except jwt.PyJWTError:
        raise _invalid("The user token is not a valid JWT.") from None
    if payload.get("exp") is None:
        raise _invalid(
            "The user token has no exp claim: sign it with an expiry time (exp, in seconds "
            "since 1970)."
        )
    for claim, late in (("exp", True), ("nbf", False)):
        value = payload.get(claim)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _invalid(f"The user token's {claim} claim must be a number.")
        if late and value <= now.timestamp():
            raise _invalid("The user token has expired.")
        if not late and value > now.timestamp():
            raise _invalid("The user token is not valid yet.")
    user = payload.get("user")
    if user is not None and not isinstance(user, dict):
        raise _invalid("The user token's user claim must be an object.")
    anonymous = payload.get("allowAnonymous") is True
    if user is None and not anonymous:
        raise _invalid('The user token carries neither a user nor "allowAnonymous": true.')
    return Claims(anonymous=user is None, user=user or {})


def check_user(claims: Claims, account_id: str, user_id: str) -> None:
    """The token must name exactly the user the path names."""
    if claims.anonymous:
        raise _invalid("This call needs a user token; an anonymous token was sent.")
    if claims.user.get("accountId") != account_id or claims.user.get("id") != user_id:
        raise _invalid("The user token was issued for another user.")


def encode(payload: dict[str, Any], api_key: str) -> str:
    return jwt.encode(payload, api_key, algorithm=ALGORITHM)
