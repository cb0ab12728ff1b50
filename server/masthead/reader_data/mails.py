"""The mails that confirm the reader's data requests, through the outbox with the change
(identity/welcome.py's way): one when their data is downloaded (so a download nobody asked
for is noticed), one when their account is deleted (to the address before it is erased)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.mail.api import Mail, send_mail

DOWNLOADED_SUBJECT = "A copy of your Masthead data was downloaded"
DELETED_SUBJECT = "Your Masthead account is deleted"


def _when(moment: datetime) -> str:
    return moment.strftime("%-d %B %Y at %H:%M UTC")


def send_downloaded(db: Session, rt: Runtime, to: str, name: str, user_agent: str) -> None:
    base = rt.settings.public_url.rstrip("/")
    device = user_agent.strip()[:120] or "an unknown browser"
    mail = Mail(
        subject=DOWNLOADED_SUBJECT,
        greeting_name=name,
        paragraphs=[
            f"A copy of everything Masthead holds about your account was downloaded on "
            f"{_when(rt.clock.now())} from {device}.",
            "If it was not you, change your password now: it signs you out everywhere else.",
        ],
        action=("Your account settings", base + "/account/settings"),
    )
    send_mail(db, rt.clock, to=to, subject=mail.subject, text=mail.text(), html=mail.html())


def send_deleted(
    db: Session, rt: Runtime, to: str, name: str, cancelled: list[tuple[str, str | None]]
) -> None:
    """`cancelled`: (plan name, the last day paid for) of each membership the deletion ended."""
    paragraphs = [
        f"Your Masthead account ({to}) was deleted on {_when(rt.clock.now())}, as you asked. "
        "Your profile, your sessions and your referral details are gone, and you are signed "
        "out everywhere.",
    ]
    for plan, until in cancelled:
        paragraphs.append(
            f"Your {plan} membership is cancelled"
            + (f"; it was paid through {until}" if until else "")
            + ". You will not be charged again."
        )
    paragraphs += [
        'Your comments stay where you wrote them, shown as by "Former reader".',
        "Records of your payments are kept, as the law requires, without your name or email "
        "address.",
        "You are welcome back at any time: you can register again with this email address.",
    ]
    mail = Mail(subject=DELETED_SUBJECT, greeting_name=name, paragraphs=paragraphs)
    send_mail(db, rt.clock, to=to, subject=mail.subject, text=mail.text(), html=mail.html())
