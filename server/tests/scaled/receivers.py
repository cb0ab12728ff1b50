"""Receivers of the tests' own for what the job workers deliver: a webhook target and an SMTP
server. Each records every delivery attempt with its idempotency key (`webhook-id`,
Message-ID), and can hold the next one open — received whole, not yet answered — so that a
test can kill the worker in the middle of a delivery; the held attempt's sender is known by
its connection's port."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import Envelope

from tests.scaled.topology import free_port

HOLD_SECONDS = 15.0  # longest a held delivery stays unanswered (the test kills its sender first)


@dataclass(frozen=True)
class Held:
    key: str
    sender_port: int  # the local port of the sender's connection (Processes.worker_on_port)


class Deliveries:
    """Every attempt's key in arrival order, the ones answered, and the hold of the next."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.answered: list[str] = []  # keys whose attempt got its success answer
        self._changed = threading.Condition()
        self._hold_next = False
        self._held: Held | None = None
        self._release = threading.Event()

    def hold_next(self) -> None:
        with self._changed:
            self._hold_next, self._held = True, None
            self._release.clear()

    def wait_held(self, seconds: float = 20.0) -> Held:
        """The attempt being held, once one arrived."""
        with self._changed:
            if not self._changed.wait_for(lambda: self._held is not None, seconds):
                raise AssertionError("no delivery arrived to be held")
            assert self._held is not None
            return self._held

    def release(self) -> None:
        self._release.set()

    def wait_answered(self, key: str, seconds: float = 20.0) -> None:
        with self._changed:
            if not self._changed.wait_for(lambda: key in self.answered, seconds):
                raise AssertionError(f"{key} was not delivered again; attempts: {self.keys}")

    def arrived(self, key: str, sender_port: int) -> bool:
        """Record an attempt; True when it was held (then the caller answers a dead sender)."""
        with self._changed:
            self.keys.append(key)
            hold = self._hold_next
            if hold:
                self._hold_next, self._held = False, Held(key, sender_port)
            self._changed.notify_all()
        if hold:
            self._release.wait(HOLD_SECONDS)
        return hold

    def answer_sent(self, key: str) -> None:
        with self._changed:
            self.answered.append(key)
            self._changed.notify_all()


@dataclass
class WebhookTarget:
    url: str
    deliveries: Deliveries


class _WebhookHandler(BaseHTTPRequestHandler):
    deliveries: Deliveries

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        key = self.headers.get("webhook-id", "")
        held = self.deliveries.arrived(key, self.client_address[1])
        try:
            self.send_response(200)
            self.end_headers()
        except OSError:  # the sender died while held
            return
        if not held:
            self.deliveries.answer_sent(key)

    def log_message(self, *_args: Any) -> None:  # quiet: pytest shows stderr on failure
        pass


@contextmanager
def webhook_target() -> Iterator[WebhookTarget]:
    """A webhook target recording each delivery's `webhook-id`."""
    deliveries = Deliveries()
    handler = type("Handler", (_WebhookHandler,), {"deliveries": deliveries})
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield WebhookTarget(f"http://127.0.0.1:{server.server_address[1]}/hook", deliveries)
    finally:
        deliveries.release()
        server.shutdown()
        server.server_close()


@dataclass
class MailServer:
    port: int
    deliveries: Deliveries
    # Each Message-ID's recipient and subject, as received.
    mail: dict[str, tuple[str, str]] = field(default_factory=dict)


class _Inbox:
    def __init__(self, server: MailServer) -> None:
        self.server = server

    async def handle_DATA(self, server: Any, session: Any, envelope: Envelope) -> str:
        message = message_from_bytes(envelope.original_content or b"", policy=policy.default)
        key = str(message["Message-ID"])
        self.server.mail[key] = (",".join(envelope.rcpt_tos), str(message["Subject"]))
        # The hold waits in a thread: the server's loop keeps serving other connections.
        held = await asyncio.to_thread(self.server.deliveries.arrived, key, session.peer[1])
        if not held:
            self.server.deliveries.answer_sent(key)
        return "250 Message accepted for delivery"


@contextmanager
def smtp_server() -> Iterator[MailServer]:
    """An SMTP server recording each mail's Message-ID, recipient and subject."""
    server = MailServer(free_port(), Deliveries())
    controller = Controller(_Inbox(server), hostname="127.0.0.1", port=server.port)
    controller.start()
    try:
        yield server
    finally:
        server.deliveries.release()
        controller.stop()
