"""Shared steps of the newsletter mail tests: the welcome mail as a mail client reads it, and
the keys it carries."""

from __future__ import annotations

import re
from email import message_from_string, policy
from email.message import EmailMessage
from urllib.parse import parse_qs, urlsplit

from sqlalchemy import select

from masthead.deps import Runtime
from masthead.jobs.runner import drain_once
from masthead.mail.models import DeliveredMail
from tests.newsletters.helpers import EMAIL


def delivered(runtime: Runtime, to: str = EMAIL) -> list[DeliveredMail]:
    """Every job run (mail, provider pushes), then the dev mailbox's mail to the address."""
    drain_once(runtime)
    with runtime.sessions() as db:
        query = select(DeliveredMail).where(DeliveredMail.to_address == to)
        return list(db.scalars(query.order_by(DeliveredMail.id)).all())


def as_message(mail: DeliveredMail) -> EmailMessage:
    """The stored mail as the message a client would parse: its headers, then its text."""
    head = "".join(f"{name}: {value}\r\n" for name, value in mail.headers.items())
    raw = f"Subject: {mail.subject}\r\nTo: {mail.to_address}\r\n{head}\r\n{mail.text}"
    message = message_from_string(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


def welcome(runtime: Runtime, list_name: str, to: str = EMAIL) -> EmailMessage:
    mails = [m for m in delivered(runtime, to) if m.subject == f"You're on {list_name}"]
    assert len(mails) == 1, [m.subject for m in delivered(runtime, to)]
    return as_message(mails[0])


def unsubscribe_path(message: EmailMessage) -> str:
    """The path of the List-Unsubscribe URL (<https://...>), as a provider would POST to."""
    match = re.fullmatch(r"<(https?://[^>]+)>", str(message["List-Unsubscribe"]))
    assert match, message["List-Unsubscribe"]
    return urlsplit(match.group(1)).path


def preferences_token(message: EmailMessage) -> str:
    """The token of the body's "Manage your newsletters" link."""
    match = re.search(r"Manage your newsletters: (\S+)", message.get_content())
    assert match, message.get_content()
    url = urlsplit(match.group(1))
    assert url.path == "/account/settings/newsletters-update"
    assert url.query == ""  # in the fragment, never sent to a server
    return parse_qs(url.fragment)["token"][0]
