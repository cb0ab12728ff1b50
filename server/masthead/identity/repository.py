"""Every identity query."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, bindparam, select, update
from sqlalchemy.orm import Session

from masthead.db import PinnedReader, UTCDateTime
from masthead.identity.models import (
    AuthSession,
    HomeDelivery,
    OneTimeToken,
    Profile,
    ReaderSearchTerm,
    User,
)
from masthead.identity.search_terms import terms_for


@dataclass(frozen=True)
class Reader:
    """The signed-in reader behind a live session, read in one query without the ORM."""

    session_id: int
    user_id: int
    email: str
    tracking_id: str
    attributes: dict[str, Any]
    # An active print home-delivery grant for the reader's address (the data layer's
    # hd-sports-membership product); read in the same query, by the primary key. Only a
    # verified address matches: anyone can register with an address (billing/home_delivery).
    home_delivery: bool = False


# The reader of a live session. Built once: constructing the statement per request costs more
# than running it. site/repository.py extends it, so a live session means the same there.
LIVE_SESSION_READER = (
    select(
        AuthSession.id,
        User.id,
        User.email,
        User.tracking_id,
        Profile.attributes,
        HomeDelivery.active,
    )
    .join(User, User.id == AuthSession.user_id)
    .join(Profile, Profile.user_id == User.id)
    .outerjoin(
        HomeDelivery,
        and_(HomeDelivery.email == User.email, HomeDelivery.active, User.email_verified),
    )
    .where(
        AuthSession.token_hash == bindparam("token_hash"),
        AuthSession.revoked_at.is_(None),
        AuthSession.expires_at > bindparam("now", type_=UTCDateTime()),
    )
)

READER_WIDTH = len(LIVE_SESSION_READER.selected_columns)


def user_by_email(db: Session, email: str) -> User | None:
    return db.scalars(select(User).where(User.email == email)).first()


def add_user(
    db: Session,
    email: str,
    password_hash: str,
    *,
    verified: bool,
    attributes: dict[str, Any],
    now: datetime,
) -> User:
    """A new account with its profile, added to the unit of work (registration, the staff
    CLI and the demo seed make accounts the same way)."""
    user = User(
        email=email,
        password_hash=password_hash,
        email_verified=verified,
        tracking_id=str(uuid.uuid4()),
        created_at=now,
        updated_at=now,
    )
    user.profile = Profile(attributes=attributes, updated_at=now)
    user.search_terms = [
        ReaderSearchTerm(term=term) for term in sorted(terms_for(email, attributes))
    ]
    db.add(user)
    return user


def user_by_id(db: Session, user_id: int) -> User | None:
    return db.get(User, user_id)


def reader_for_session(reads: PinnedReader, token_hash: str, now: datetime) -> Reader | None:
    row = reads.first(LIVE_SESSION_READER, {"token_hash": token_hash, "now": now})
    return None if row is None else reader_from_row(row)


async def reader_for_session_awaited(
    reads: PinnedReader, token_hash: str, now: datetime
) -> Reader | None:
    row = await reads.first_awaited(LIVE_SESSION_READER, {"token_hash": token_hash, "now": now})
    return None if row is None else reader_from_row(row)


def reader_from_row(row: Sequence[Any]) -> Reader:
    """A Reader from LIVE_SESSION_READER's columns (the first ones of a row extending it)."""
    session_id, user_id, email, tracking_id, attributes, home_delivery = row[:READER_WIDTH]
    return Reader(session_id, user_id, email, tracking_id, attributes, bool(home_delivery))


def revoke_session(db: Session, token_hash: str, now: datetime) -> None:
    """End the session, and every session of its family (the same sign-in on the other
    brands' sites: identity/handoff)."""
    family = db.scalar(select(AuthSession.family).where(AuthSession.token_hash == token_hash))
    chosen = AuthSession.family == family if family else AuthSession.token_hash == token_hash
    db.execute(
        update(AuthSession).where(chosen, AuthSession.revoked_at.is_(None)).values(revoked_at=now)
    )


def revoke_sessions(db: Session, user_id: int, now: datetime, keep_id: int | None = None) -> None:
    query = update(AuthSession).where(
        AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None)
    )
    if keep_id is not None:
        query = query.where(AuthSession.id != keep_id)
    db.execute(query.values(revoked_at=now))


def token_by_hash(db: Session, token_hash: str, purpose: str) -> OneTimeToken | None:
    return db.scalars(
        select(OneTimeToken)
        .where(OneTimeToken.token_hash == token_hash, OneTimeToken.purpose == purpose)
        .with_for_update()
    ).first()


def retire_tokens(db: Session, user_id: int, purpose: str, now: datetime) -> None:
    """A new link replaces the older ones of the same kind."""
    db.execute(
        update(OneTimeToken)
        .where(
            OneTimeToken.user_id == user_id,
            OneTimeToken.purpose == purpose,
            OneTimeToken.used_at.is_(None),
        )
        .values(used_at=now)
    )


def is_reader_tracking_id(db: Session, tracking_id: str) -> bool:
    """Whether a Masthead reader is known by this tracking id (their referral participant id)."""
    return db.scalar(select(User.id).where(User.tracking_id == tracking_id)) is not None
