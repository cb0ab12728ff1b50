"""Every identity query."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from masthead.identity.models import AuthSession, OneTimeToken, User


def user_by_email(db: Session, email: str) -> User | None:
    return db.scalars(select(User).where(User.email == email)).first()


def user_by_id(db: Session, user_id: int) -> User | None:
    return db.get(User, user_id)


def live_session(db: Session, token_hash: str, now: datetime) -> AuthSession | None:
    return db.scalars(
        select(AuthSession).where(
            AuthSession.token_hash == token_hash,
            AuthSession.revoked_at.is_(None),
            AuthSession.expires_at > now,
        )
    ).first()


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
