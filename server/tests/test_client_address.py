"""The client address the rate limits key on: the connection's peer, or behind the proxies
MASTHEAD_TRUSTED_PROXIES lists, the rightmost X-Forwarded-For hop that is not one of them.
The leftmost entry is whatever the client wrote, so it never moves the key."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from pydantic import ValidationError

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.serve import server_config
from masthead.settings import Settings

PROXY = "10.0.0.1"
LIMIT = 2  # reset requests per client address per window


def limited(settings: Settings, **changes: Any) -> Settings:
    return settings.model_copy(update={"rate_limit_per_address": LIMIT, **changes})


def reset(client: TestClient | httpx.Client, n: int, forwarded_for: str | None = None) -> int:
    """A reset for an unknown address (404): only the per-address limit can refuse it (429)."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    body = {"identifiers": {"email_address": f"nobody{n}@example.com"}}
    return client.post("/blaize/users/reset", json=body, headers=headers).status_code


@contextmanager
def client_from(settings: Settings, clock: FrozenClock, peer: str) -> Iterator[TestClient]:
    app = create_app(settings, clock)
    with TestClient(app, base_url="http://testserver", client=(peer, 40000)) as client:
        yield client


def test_a_spoofed_leftmost_entry_does_not_move_the_key(
    runtime: Runtime, settings: Settings, clock: FrozenClock
) -> None:
    behind_proxy = limited(settings, trusted_proxies=[PROXY])
    with client_from(behind_proxy, clock, PROXY) as proxy:
        # The proxy appends the address it saw; the client wrote whatever it liked before it.
        statuses = [reset(proxy, n, f"198.51.100.{n}, 203.0.113.7") for n in range(LIMIT + 1)]
        assert statuses == [404] * LIMIT + [429]
        # Another reader behind the same proxy has a key of their own.
        assert reset(proxy, 9, "203.0.113.8") == 404


def test_an_untrusted_peers_header_is_ignored(
    runtime: Runtime, settings: Settings, clock: FrozenClock
) -> None:
    for trusted in ([], [PROXY]):
        with client_from(limited(settings, trusted_proxies=trusted), clock, "192.0.2.50") as peer:
            statuses = [reset(peer, n, f"203.0.113.{n}") for n in range(LIMIT + 1)]
            assert statuses == [404] * LIMIT + [429], trusted


def test_the_rightmost_untrusted_hop_behind_a_chain_of_proxies(
    runtime: Runtime, settings: Settings, clock: FrozenClock
) -> None:
    chain = limited(settings, trusted_proxies=["10.0.0.0/8"])
    with client_from(chain, clock, PROXY) as proxy:
        hops = [f"198.51.100.{n}, 203.0.113.7, 10.0.0.2" for n in range(LIMIT + 1)]
        assert [reset(proxy, n, hop) for n, hop in enumerate(hops)] == [404] * LIMIT + [429]
        assert reset(proxy, 9, "203.0.113.8, 10.0.0.2") == 404


def test_a_wildcard_is_refused(settings: Settings) -> None:
    with pytest.raises(ValidationError, match="list the proxies' addresses"):
        Settings(database_url=settings.database_url, trusted_proxies=["*"])


@contextmanager
def served(app: Any) -> Iterator[str]:
    """The app under the uvicorn configuration `python -m masthead.serve` runs."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(server_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def test_the_served_app_ignores_a_local_peers_header(
    runtime: Runtime, settings: Settings, clock: FrozenClock
) -> None:
    """uvicorn on its own trusts X-Forwarded-For from 127.0.0.1; masthead.serve does not."""
    app = create_app(limited(settings), clock)
    with served(app) as url, httpx.Client(base_url=url) as client:
        statuses = [reset(client, n, f"203.0.113.{n}") for n in range(LIMIT + 1)]
    assert statuses == [404] * LIMIT + [429]
