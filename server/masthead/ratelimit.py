"""Fixed-window attempt counters for login, register and reset.

In process by default; on Redis when MASTHEAD_REDIS_URL is set, so every server process
behind a load balancer counts the same attempts.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Protocol

from masthead.errors import ApiError
from masthead.settings import Settings


class RateLimiter(Protocol):
    def hit(self, key: str, limit: int, window_seconds: int) -> int:
        """Count one attempt; return 0 if allowed, else seconds until the window resets."""


class MemoryRateLimiter:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._windows: dict[str, tuple[float, int]] = {}

    def hit(self, key: str, limit: int, window_seconds: int) -> int:
        now = time.monotonic()
        with self._lock:
            started, count = self._windows.get(key, (now, 0))
            if now - started >= window_seconds:
                started, count = now, 0
            count += 1
            self._windows[key] = (started, count)
            if len(self._windows) > 100_000:  # forget finished windows; bounded memory
                self._windows = {
                    k: v for k, v in self._windows.items() if now - v[0] < window_seconds
                }
        if count > limit:
            return max(1, math.ceil(window_seconds - (now - started)))
        return 0


class RedisRateLimiter:
    def __init__(self, url: str) -> None:
        import redis

        self._redis = redis.Redis.from_url(url)

    def hit(self, key: str, limit: int, window_seconds: int) -> int:
        name = f"masthead:rl:{key}"
        pipe = self._redis.pipeline()
        pipe.incr(name)
        pipe.expire(name, window_seconds, nx=True)
        pipe.ttl(name)
        count, _, ttl = pipe.execute()
        if int(count) > limit:
            return max(1, int(ttl))
        return 0


def make_rate_limiter(settings: Settings) -> RateLimiter:
    if settings.redis_url:
        return RedisRateLimiter(settings.redis_url)
    return MemoryRateLimiter()


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
