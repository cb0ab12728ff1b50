"""The SMTP backend, against a real SMTP server on a free local port."""

from __future__ import annotations

import dataclasses
import socket
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword
from sqlalchemy import select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs import repository as runner_repository
from masthead.jobs.models import OutboxJob
from masthead.jobs.runner import drain_once, lease_of
from masthead.mail.service import send_mail

# The test server takes AUTH over plain text: STARTTLS would need a certificate we trust.
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


class Inbox:
    def __init__(self) -> None:
        self.envelopes: list[Envelope] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Envelope) -> str:
        self.envelopes.append(envelope)
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _authenticate(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
    ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"mailer", b"s3cret")
    return AuthResult(success=ok)


@pytest.fixture
def smtp_server() -> Iterator[tuple[Inbox, int]]:
    inbox, port = Inbox(), _free_port()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=port,
        authenticator=_authenticate,
        auth_required=True,
        auth_require_tls=False,
    )
    controller.start()
    yield inbox, port
    controller.stop()


def _smtp_runtime(runtime: Runtime, port: int) -> Runtime:
    settings = runtime.settings.model_copy(
        update={
            "mail_backend": "smtp",
            "smtp_host": "127.0.0.1",
            "smtp_port": port,
            "smtp_username": "mailer",
            "smtp_password": "s3cret",
            "mail_from": "Masthead <no-reply@masthead.test>",
        }
    )
    return dataclasses.replace(runtime, settings=settings)


def test_smtp_backend_sends_the_mail(
    runtime: Runtime, clock: FrozenClock, smtp_server: tuple[Inbox, int]
) -> None:
    inbox, port = smtp_server
    with runtime.sessions.begin() as db:
        send_mail(
            db,
            clock,
            to="reader@example.com",
            subject="Verify your email",
            text="Open https://testserver/verify?token=t0k\nThanks",
        )

    assert drain_once(_smtp_runtime(runtime, port)) == 1

    [envelope] = inbox.envelopes
    assert envelope.mail_from == "no-reply@masthead.test"
    assert envelope.rcpt_tos == ["reader@example.com"]
    assert isinstance(envelope.original_content, bytes)
    mail = message_from_bytes(envelope.original_content, policy=policy.default)
    assert isinstance(mail, EmailMessage)
    assert mail["From"] == "Masthead <no-reply@masthead.test>"
    assert mail["To"] == "reader@example.com"
    assert mail["Subject"] == "Verify your email"
    assert mail["Message-ID"].endswith("@masthead.test>")
    assert mail["Date"].datetime == clock.now()
    body = mail.get_body(("plain",))
    assert body is not None
    assert (
        body.get_content().replace("\r\n", "\n")
        == "Open https://testserver/verify?token=t0k\nThanks\n"
    )
    with runtime.sessions() as db:
        [job] = db.scalars(select(OutboxJob)).all()
        assert job.status == "done"


def test_unreachable_smtp_server_is_retried(runtime: Runtime, clock: FrozenClock) -> None:
    with runtime.sessions.begin() as db:
        send_mail(db, clock, to="reader@example.com", subject="Hi", text="Hi")

    assert drain_once(_smtp_runtime(runtime, _free_port())) == 1

    with runtime.sessions() as db:
        [job] = db.scalars(select(OutboxJob)).all()
        assert (job.status, job.attempts) == ("pending", 1)
        assert job.last_error is not None
        assert job.last_error.startswith("ConnectionRefusedError")


def test_a_mail_delivered_again_carries_the_same_message_id(
    runtime: Runtime,
    clock: FrozenClock,
    smtp_server: tuple[Inbox, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worker dies between sending and recording it (here: recording fails once): the
    next attempt sends the mail again with the same Message-ID, so the receiving server or
    the reader's mail client sees one mail."""
    inbox, port = smtp_server
    with runtime.sessions.begin() as db:
        send_mail(db, clock, to="reader@example.com", subject="Your receipt", text="Thanks")
    original = runner_repository.mark_done
    calls = {"n": 0}

    def dies_once(*args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise ConnectionError("the worker was killed here")
        original(*args, **kwargs)

    monkeypatch.setattr(runner_repository, "mark_done", dies_once)
    smtp = _smtp_runtime(runtime, port)
    with pytest.raises(ConnectionError):
        drain_once(smtp)
    clock.advance(lease_of(runtime))
    assert drain_once(smtp) == 1
    ids = [
        message_from_bytes(e.original_content, policy=policy.default)["Message-ID"]
        for e in inbox.envelopes
        if isinstance(e.original_content, bytes)
    ]
    assert len(ids) == 2 and ids[0] == ids[1] and ids[0].endswith("@masthead.test>")
