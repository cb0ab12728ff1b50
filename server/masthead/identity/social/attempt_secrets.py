"""The secrets of one sign-in attempt.

Only the state's hash is stored. The OpenID nonce and the PKCE code verifier are derived from
the state with the server's secret key, so nothing that could finish an attempt is kept in
the clear: the callback brings the state back and both are computed again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from masthead.identity.tokens import new_token, token_hash

__all__ = ["derived", "new_token", "token_hash"]


def derived(secret_key: str, purpose: str, state: str) -> str:
    """43 URL-safe characters bound to this state (a valid PKCE verifier, RFC 7636)."""
    digest = hmac.new(secret_key.encode(), f"social-{purpose}:{state}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()
