"""Redis down, then back (masthead/ratelimit.py, SharedOrLocal): Redis holds nothing but the
rate limits' counts, so with it stopped a reader still registers, signs in, asks for a password
reset and is recognised by their session — never a 500 — and the limits still refuse past
their count, counted in the process; the outage is one warning line in that process's log,
not a traceback per request. When Redis is back the counts are kept there again, where every
process reads them.

The Redis is the topology's own (conftest.py): stopping it touches no other test's."""

from __future__ import annotations

import json
import time
from itertools import cycle

import httpx

from tests.scaled.conftest import ATTEMPTS_PER_ACCOUNT
from tests.scaled.own_redis import OwnRedis
from tests.scaled.topology import PASSWORD, Processes, register

WRONG = "Wrong-Horse-9"
DOWN = "rate limits count in this process"
BACK = "rate limits count on Redis again"


def _login(client: httpx.Client, base: str, email: str, password: str) -> httpx.Response:
    credentials = {"identifiers": {"email_address": email}, "validators": {"password": password}}
    return client.post(f"{base}/blaize/login", json=credentials)


def _browser(topology: Processes) -> httpx.Client:
    return httpx.Client(headers={"Origin": topology.public_url}, timeout=10)


class Log:
    """What web[0] logs from now on (its JSON lines)."""

    def __init__(self, topology: Processes) -> None:
        self.path = topology.log_dir / "web-0.log"
        self.start = len(self.path.read_text().splitlines())

    def lines(self) -> list[dict[str, object]]:
        new = self.path.read_text().splitlines()[self.start :]
        return [json.loads(line) for line in new if line.startswith("{")]

    def said(self, start: str) -> int:
        return sum(str(line["message"]).startswith(start) for line in self.lines())


def test_with_redis_down_readers_are_served_and_limits_hold_then_count_on_redis_again(
    topology: Processes, redis_server: OwnRedis
) -> None:
    base = topology.web[0]
    client, log = _browser(topology), Log(topology)
    email = f"redis-down-{time.monotonic_ns()}@example.com"
    redis_server.stop()
    try:
        register(client, base, email)
        layer = client.get(f"{base}/blaize/datalayer")
        assert layer.status_code == 200 and layer.json()["dataLayer"]["loggedIn"] is True
        reset = client.post(
            f"{base}/blaize/users/reset", json={"identifiers": {"email_address": email}}
        )
        assert reset.status_code == 201, reset.text
        assert httpx.get(f"{base}/readyz").status_code == 200  # Redis is not required
        passwords = [PASSWORD] + [WRONG] * ATTEMPTS_PER_ACCOUNT
        logins = [_login(client, base, email, password) for password in passwords]
    finally:
        redis_server.start()
    # The right password, then wrong ones; the attempt past the count is refused.
    expected = [200] + [401] * (ATTEMPTS_PER_ACCOUNT - 1) + [429]
    assert [answer.status_code for answer in logins] == expected
    assert logins[-1].json()["type"] == "too-many-requests"
    assert int(logins[-1].headers["retry-after"]) > 0
    assert log.said(DOWN) == 1  # one line for the outage, not one per request
    assert not [line for line in log.lines() if line["level"] == "error" or "exception" in line]

    # Back: once web[0] asks Redis again (RETRY_SHARED_SECONDS after it failed), its counts
    # are Redis's, which web[1] reads too.
    probe = _browser(topology)
    deadline = time.monotonic() + 15
    while log.said(BACK) == 0:
        assert time.monotonic() < deadline, "the rate limits did not go back to Redis"
        _login(probe, base, f"probe-{time.monotonic_ns()}@example.com", WRONG)
        time.sleep(0.2)
    other = f"redis-back-{time.monotonic_ns()}@example.com"
    register(_browser(topology), base, other)
    bases = cycle(topology.web[:2])
    tries = ATTEMPTS_PER_ACCOUNT + 1
    statuses = [_login(probe, next(bases), other, WRONG).status_code for _ in range(tries)]
    assert statuses == [401] * ATTEMPTS_PER_ACCOUNT + [429]  # counted across the two
    keys = redis_server.client().keys(f"*login:acct:{other}*")
    assert [int(redis_server.client().get(key) or 0) for key in keys] == [tries]  # refused too
