"""Every sign-on query: the hand-over codes and the comments sessions."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from masthead.comments.models import CommentSession, CommentSsoCode
from masthead.identity.api import AuthSession, User


def add_code(
    db: Session, code_a_hash: str, browser_hash: str, now: datetime, expires_at: datetime
) -> None:
    db.add(
        CommentSsoCode(
            code_a_hash=code_a_hash,
            browser_hash=browser_hash,
            created_at=now,
            expires_at=expires_at,
        )
    )


def code_by_a(db: Session, code_a_hash: str) -> CommentSsoCode | None:
    return db.scalars(
        select(CommentSsoCode).where(CommentSsoCode.code_a_hash == code_a_hash).with_for_update()
    ).first()


def code_by_b(db: Session, code_b_hash: str) -> CommentSsoCode | None:
    return db.scalars(
        select(CommentSsoCode).where(CommentSsoCode.code_b_hash == code_b_hash).with_for_update()
    ).first()


def live_auth_session_expiry(db: Session, auth_session_id: int, now: datetime) -> datetime | None:
    """When this Masthead session ends, if it is live (not revoked, not expired)."""
    expiry: datetime | None = db.scalar(
        select(AuthSession.expires_at).where(
            AuthSession.id == auth_session_id,
            AuthSession.revoked_at.is_(None),
            AuthSession.expires_at > now,
        )
    )
    return expiry


def add_session(
    db: Session,
    *,
    token_hash: str,
    user_id: int,
    auth_session_id: int,
    now: datetime,
    expires_at: datetime,
) -> None:
    db.add(
        CommentSession(
            token_hash=token_hash,
            user_id=user_id,
            auth_session_id=auth_session_id,
            created_at=now,
            expires_at=expires_at,
        )
    )


def live_session_user(db: Session, token_hash: str, now: datetime) -> int | None:
    """The commenter of a comments session still live, whose Masthead session is live too
    and whose account exists: one indexed query."""
    user_id: int | None = db.scalar(
        select(CommentSession.user_id)
        .join(AuthSession, AuthSession.id == CommentSession.auth_session_id)
        .join(User, User.id == CommentSession.user_id)
        .where(
            CommentSession.token_hash == token_hash,
            CommentSession.ended_at.is_(None),
            CommentSession.expires_at > now,
            AuthSession.revoked_at.is_(None),
            AuthSession.expires_at > now,
        )
    )
    return user_id


def end_session(db: Session, token_hash: str, now: datetime) -> None:
    db.execute(
        update(CommentSession)
        .where(CommentSession.token_hash == token_hash, CommentSession.ended_at.is_(None))
        .values(ended_at=now)
    )
