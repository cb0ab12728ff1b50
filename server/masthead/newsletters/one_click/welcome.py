"""The newsletter mail Masthead itself sends with the embedded provider: one welcome per list
a reader joins ("You're on <list>"), queued in the joining transaction, at most once per
reader and list (send_once key), and carrying the list's unsubscribe headers and the signed
preferences link."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.api import Reader, read_profile
from masthead.mail.api import Mail, send_once
from masthead.newsletters.models import NewsletterList
from masthead.newsletters.one_click.links import list_headers, preferences_url, unsubscribe_url

MANAGE = "Manage your newsletters"


def subject(row: NewsletterList) -> str:
    return f"You're on {row.name}"


def welcome_mail(rt: Runtime, reader: Reader, row: NewsletterList) -> Mail:
    name = str(read_profile(reader.attributes).get("first-name") or "").strip()
    return Mail(
        subject=subject(row),
        greeting_name=name,
        paragraphs=[p for p in (f"You're on {row.name}.", row.description.strip()) if p],
        action=(MANAGE, preferences_url(rt, reader.user_id)),
        closing=[
            f"To stop getting {row.name}, unsubscribe: "
            f"{unsubscribe_url(rt, reader.user_id, row.id)}",
        ],
        headers=list_headers(rt, reader.user_id, row.id, row.st_id),
    )


def send_welcomes(
    db: Session, rt: Runtime, reader: Reader, joined: Sequence[NewsletterList]
) -> None:
    for row in joined:
        mail = welcome_mail(rt, reader, row)
        send_once(
            db,
            rt.clock,
            f"newsletter-welcome:{reader.user_id}:{row.id}",
            to=reader.email,
            subject=mail.subject,
            text=mail.text(),
            html=mail.html(),
            headers=dict(mail.headers),
        )
