"""Fixed-window attempt counters (login, register, reset, cards, invites, webhooks...) on the
`limits` library.

In process by default (its memory storage); on Redis when MASTHEAD_REDIS_URL is set, so every
server process behind a load balancer counts the same attempts. A window starts at its key's
first attempt and lasts window_seconds; every attempt counts, refused ones too, so hammering
a closed window does not shorten the wait.
"""

from __future__ import annotations

import math
import time
from typing import Protocol

from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage, RedisStorage, Storage
from limits.strategies import FixedWindowRateLimiter

from masthead.errors import ApiError
from masthead.settings import Settings

# Our keys in a Redis shared with other programs: masthead:rl:LIMITER/<key>/<limit>/<window>/...
REDIS_KEY_PREFIX = "masthead:rl"


class RateLimiter(Protocol):
    def hit(self, key: str, limit: int, window_seconds: int) -> int:
        """Count one attempt; return 0 if allowed, else seconds until the window resets."""


class WindowRateLimiter:
    """RateLimiter over a `limits` storage, with its fixed-window strategy."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._windows = FixedWindowRateLimiter(storage)

    def hit(self, key: str, limit: int, window_seconds: int) -> int:
        item = RateLimitItemPerSecond(limit, window_seconds)
        if self._windows.hit(item, key):
            return 0
        # Asked only once refused: the allowed attempts cost one storage call.
        reset_at, _ = self._windows.get_window_stats(item, key)
        return max(1, math.ceil(reset_at - time.time()))


def make_rate_limiter(settings: Settings, redis_key_prefix: str | None = None) -> RateLimiter:
    if settings.redis_url:
        prefix = redis_key_prefix or REDIS_KEY_PREFIX
        return WindowRateLimiter(RedisStorage(settings.redis_url, key_prefix=prefix))
    return WindowRateLimiter(MemoryStorage())


def wait_words(retry_after: int) -> str:
    """How long to wait, as a reader reads it: "1 minute", "5 minutes"."""
    minutes = max(1, math.ceil(retry_after / 60))
    return f"{minutes} minute" if minutes == 1 else f"{minutes} minutes"


def enforce(limiter: RateLimiter, key: str, limit: int, window_seconds: int) -> None:
    retry_after = limiter.hit(key, limit, window_seconds)
    if retry_after:
        raise ApiError(
            429,
            "too-many-requests",
            f"Too many attempts. Please wait {wait_words(retry_after)} and try again.",
            headers={"Retry-After": str(retry_after)},
        )
