"""Fixed-window attempt counters (login, register, reset, cards, invites, webhooks...) on the
`limits` library.

In process by default (its memory storage); on Redis when MASTHEAD_REDIS_URL is set, so every
server process behind a load balancer counts the same attempts. A window starts at its key's
first attempt and lasts window_seconds; every attempt counts, refused ones too, so hammering
a closed window does not shorten the wait.

Redis unreachable: each process counts on its own until Redis answers again (SharedOrLocal),
so with N processes a limit allows up to N times its attempts for that while; nobody's sign-in
fails for it (it answered a 500 to every register, login and password reset before).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from typing import Protocol

from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage, RedisStorage, Storage
from limits.strategies import FixedWindowRateLimiter
from redis.exceptions import RedisError

from masthead.errors import ApiError
from masthead.settings import Settings

# Our keys in a Redis shared with other programs: masthead:rl:LIMITER/<key>/<limit>/<window>/...
# A Redis that does not answer in this time counts as down (the request goes on, counted in
# process), and is asked again after RETRY_SHARED_SECONDS.
REDIS_TIMEOUT_SECONDS = 0.25
RETRY_SHARED_SECONDS = 5.0

log = logging.getLogger("masthead.ratelimit")


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


class SharedOrLocal:
    """Counts on the shared limiter (Redis) and, while it cannot be reached, in this process:
    a limit then holds per process rather than failing the request. The outage and the
    recovery are logged once each, not per request."""

    def __init__(
        self,
        shared: RateLimiter,
        local: RateLimiter,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.shared = shared
        self.local = local
        self._monotonic = monotonic
        self._down_until: float | None = None  # while set, the shared limiter is not asked

    def hit(self, key: str, limit: int, window_seconds: int) -> int:
        down_until = self._down_until
        if down_until is not None and self._monotonic() < down_until:
            return self.local.hit(key, limit, window_seconds)
        try:
            wait = self.shared.hit(key, limit, window_seconds)
        except (RedisError, OSError) as exc:
            if down_until is None:
                log.warning("rate limits count in this process: Redis is unreachable (%s)", exc)
            self._down_until = self._monotonic() + RETRY_SHARED_SECONDS
            return self.local.hit(key, limit, window_seconds)
        if down_until is not None:
            log.warning("rate limits count on Redis again")
            self._down_until = None
        return wait


def make_rate_limiter(settings: Settings) -> RateLimiter:
    if settings.redis_url:
        redis_storage = RedisStorage(
            settings.redis_url,
            key_prefix=settings.redis_key_prefix,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
        )
        return SharedOrLocal(WindowRateLimiter(redis_storage), WindowRateLimiter(MemoryStorage()))
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
