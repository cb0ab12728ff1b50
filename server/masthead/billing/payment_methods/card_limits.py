"""Rate limits on card work: vaulting a card (a new payment method, or a subscribe with a
card-form nonce) and replacing or re-verifying one (its CVV).

Each of these asks the card's bank to verify the card, so without a limit a signed-in
stranger could test stolen card numbers through us ("card testing"), and the gateway would
count the declines against the merchant. Both the account and the client address are
counted: one account trying many cards, and one address spreading its tries over many
accounts. A reader fixing a mistyped card needs a handful of tries; the limits leave room for
that, and for a household or office behind one address.

The limits are settings (MASTHEAD_CARD_ATTEMPTS_PER_ACCOUNT, _PER_ADDRESS), per hour. Over
one the answer is 429 too-many-requests with the project's error shape, a sentence saying how
long to wait, and Retry-After (masthead.ratelimit.enforce). The counters live in the shared
limiter (in process, or Redis with MASTHEAD_REDIS_URL), as login's do.
"""

from __future__ import annotations

from fastapi import Depends

from masthead.deps import Runtime, RuntimeDep
from masthead.identity.api import AddressDep, Reader, ReaderDep
from masthead.ratelimit import enforce

CARD_WINDOW_SECONDS = 3600


def limit_card_attempt(rt: Runtime, reader: Reader, address: str) -> None:
    """Count one card attempt of the reader from the address; 429 over either limit."""
    per_address, per_account = (
        rt.settings.card_attempts_per_address,
        rt.settings.card_attempts_per_account,
    )
    enforce(rt.rate_limiter, f"card:ip:{address}", per_address, CARD_WINDOW_SECONDS)
    enforce(rt.rate_limiter, f"card:acct:{reader.user_id}", per_account, CARD_WINDOW_SECONDS)


def _card_attempt(rt: RuntimeDep, reader: ReaderDep, address: AddressDep) -> None:
    limit_card_attempt(rt, reader, address)


# For routes whose every call is a card attempt: dependencies=[CARD_ATTEMPT].
CARD_ATTEMPT = Depends(_card_attempt)
