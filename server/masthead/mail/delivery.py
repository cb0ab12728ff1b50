"""Mail backends: the dev mailbox table (embedded default) or an SMTP server (production)."""

from __future__ import annotations

import smtplib
import ssl
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr

from masthead.deps import Runtime
from masthead.jobs.api import delivery_key
from masthead.mail import repository
from masthead.mail.compose import check_headers
from masthead.settings import Settings

SMTP_TIMEOUT_SECONDS = 30


def deliver(
    runtime: Runtime,
    *,
    to: str,
    subject: str,
    text: str,
    html: str | None = None,
    headers: dict[str, str] | None = None,
) -> None:
    backend = runtime.settings.mail_backend
    message_id = message_id_for(runtime.settings, delivery_key())
    if backend == "devmailbox":
        with runtime.sessions.begin() as db:
            repository.add_delivered(
                db,
                to=to,
                subject=subject,
                text=text,
                at=runtime.clock.now(),
                headers=headers,
                message_id=message_id,
            )
    elif backend == "smtp":
        message = build_message(
            runtime.settings,
            to=to,
            subject=subject,
            text=text,
            at=runtime.clock.now(),
            html=html,
            headers=headers,
            message_id=message_id,
        )
        send_by_smtp(runtime.settings, message)
    else:
        raise ValueError(f"MASTHEAD_MAIL_BACKEND is {backend!r}; use 'devmailbox' or 'smtp'")


def message_id_for(settings: Settings, key: str | None) -> str:
    """The job's delivery key as the Message-ID, the same on every attempt of one job, so a
    mail server or a mail client that sees it twice keeps one; outside a job a new one."""
    # An explicit domain: without one make_msgid asks DNS for this host's name.
    domain = parseaddr(settings.mail_from)[1].rpartition("@")[2] or "masthead.local"
    return f"<{key}@{domain}>" if key else make_msgid(domain=domain)


def build_message(
    settings: Settings,
    *,
    to: str,
    subject: str,
    text: str,
    at: datetime,
    html: str | None = None,
    headers: dict[str, str] | None = None,
    message_id: str | None = None,
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = format_datetime(at)
    message["Message-ID"] = message_id or message_id_for(settings, None)
    for name, value in check_headers(headers or {}).items():  # list mail's List-Unsubscribe...
        message[name] = value
    message.set_content(text)
    if html is not None:  # multipart/alternative: mail clients show the HTML, others the text
        message.add_alternative(html, subtype="html")
    return message


def send_by_smtp(settings: Settings, message: EmailMessage) -> None:
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=SMTP_TIMEOUT_SECONDS) as smtp:
        if settings.smtp_starttls:
            smtp.starttls(context=ssl.create_default_context())
        if settings.smtp_username:
            smtp.login(settings.smtp_username, settings.smtp_password)
        smtp.send_message(message)
