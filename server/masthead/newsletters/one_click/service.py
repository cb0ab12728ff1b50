"""The rules behind newsletter mail's signed links: one-click unsubscribe from one list, and
the reader's newsletters read and changed with the preferences link instead of a session.

Both go through the newsletters call's own service (newsletters/service.py update and read),
so the same rules hold (retired and unknown lists, the exclusive gate) and every change is
queued for the provider in the same transaction. A key grants only this: no session, no
profile, no other list.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.api import Reader, account, reader_of
from masthead.newsletters import repository
from masthead.newsletters import service as newsletters
from masthead.newsletters.one_click import tokens
from masthead.newsletters.one_click.schemas import PreferencesOut
from masthead.newsletters.schemas import NewslettersOut

INVALID_UNSUBSCRIBE = (
    "This unsubscribe link is not valid. Copy the whole link from the newsletter, or sign in "
    "and leave the newsletter in your newsletter settings."
)
INVALID_PREFERENCES = (
    "This newsletter settings link is not valid. Copy the whole link from the newsletter, or "
    "sign in to manage your newsletters."
)
EXPIRED_PREFERENCES = (
    "This newsletter settings link has expired. Sign in to manage your newsletters."
)
ACCOUNT_CLOSED = (
    "This link no longer works: the account it was for has been closed, and it gets no newsletters."
)


class LinkError(Exception):
    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status, self.type, self.message = status, type_, message


@dataclass(frozen=True)
class Unsubscribed:
    list_name: str | None  # None: the list itself is gone
    email: str  # masked


def mask(email: str) -> str:
    """a•••@example.com: enough for the reader to know the address, not enough to learn it."""
    local, _, domain = email.partition("@")
    return f"{local[:1]}•••@{domain}"


def _reader(db: Session, user_id: int) -> Reader:
    user = account(db, user_id)
    if user is None:  # erased (reader_data): ids are never reused, so no one else's
        raise LinkError(404, "account-closed", ACCOUNT_CLOSED)
    return reader_of(db, user)


def _unsubscribe_key(rt: Runtime, token: str) -> tokens.UnsubscribeKey:
    key = tokens.read_unsubscribe(rt.settings.secret_key, token)
    if key is None:
        raise LinkError(400, "invalid-link", INVALID_UNSUBSCRIBE)
    return key


def unsubscribe_target(db: Session, rt: Runtime, token: str) -> Unsubscribed:
    """What the link would leave (the confirmation page a GET shows), changing nothing."""
    key = _unsubscribe_key(rt, token)
    reader = _reader(db, key.user_id)
    row = repository.lists_by_id(db, [key.list_id]).get(key.list_id)
    return Unsubscribed(row.name if row else None, mask(reader.email))


def unsubscribe(db: Session, rt: Runtime, token: str) -> Unsubscribed:
    """Leave the key's one list; leaving a list one is not on (a repeat) changes nothing."""
    key = _unsubscribe_key(rt, token)
    reader = _reader(db, key.user_id)
    row = repository.lists_by_id(db, [key.list_id]).get(key.list_id)
    if row is not None:
        newsletters.update(db, rt, reader, None, str(key.list_id))
    # A list that is gone took its subscriptions with it: nothing is left to leave.
    return Unsubscribed(row.name if row else None, mask(reader.email))


def _preferences_reader(db: Session, rt: Runtime, token: str) -> Reader:
    key = tokens.read_preferences(rt.settings.secret_key, token)
    if key is None:
        raise LinkError(400, "invalid-link", INVALID_PREFERENCES)
    if tokens.expired(key, rt.clock.now()):
        raise LinkError(400, "link-expired", EXPIRED_PREFERENCES)
    return _reader(db, key.user_id)


def preferences_user(rt: Runtime, token: str) -> int | None:
    """The account a well-signed preferences key names (for its rate limit), or None."""
    key = tokens.read_preferences(rt.settings.secret_key, token)
    return key.user_id if key else None


def preferences(db: Session, rt: Runtime, token: str) -> PreferencesOut:
    reader = _preferences_reader(db, rt, token)
    return _with_email(newsletters.read(db, rt, reader), reader)


def change_preferences(
    db: Session, rt: Runtime, token: str, subscribe: list[int], unsubscribe: list[int]
) -> PreferencesOut:
    reader = _preferences_reader(db, rt, token)
    joined, left = ",".join(map(str, subscribe)), ",".join(map(str, unsubscribe))
    try:
        answer = newsletters.update(db, rt, reader, joined, left)
    except newsletters.NewsletterError as exc:
        raise LinkError(exc.status, exc.type, exc.message) from None
    return _with_email(answer, reader)


def _with_email(answer: NewslettersOut, reader: Reader) -> PreferencesOut:
    return PreferencesOut(**answer.model_dump(), email=mask(reader.email))
