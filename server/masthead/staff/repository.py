"""Every staff query."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from masthead.db import upsert_insert
from masthead.identity.api import User
from masthead.staff.models import (
    AuditEntry,
    StaffPendingSignIn,
    StaffRecoveryCode,
    StaffRole,
    StaffSession,
    StaffTotp,
)
from masthead.staff.roles import ADMIN


def user_by_id(db: Session, user_id: int) -> User | None:
    return db.get(User, user_id)


def role_rows(db: Session, user_id: int) -> Sequence[StaffRole]:
    return db.scalars(select(StaffRole).where(StaffRole.user_id == user_id)).all()


def roles_of(db: Session, user_id: int) -> list[str]:
    return list(db.scalars(select(StaffRole.role).where(StaffRole.user_id == user_id)))


def _insert_unless_taken(db: Session, model: type[Any], rows: list[dict[str, Any]]) -> None:
    """INSERT ... ON CONFLICT DO NOTHING: a row another request just inserted is kept, and the
    transaction stays usable (an IntegrityError would end it on PostgreSQL)."""
    if rows:
        insert = upsert_insert(db)
        db.execute(insert(model).values(rows).on_conflict_do_nothing())


def set_roles(db: Session, user_id: int, roles: Sequence[str], now: datetime) -> None:
    """Keep the rows of roles still held (and when they were granted), add the new ones."""
    db.execute(delete(StaffRole).where(StaffRole.user_id == user_id, StaffRole.role.not_in(roles)))
    rows = [{"user_id": user_id, "role": role, "granted_at": now} for role in roles]
    _insert_unless_taken(db, StaffRole, rows)


def lock_admins(db: Session) -> list[int]:
    """The admins' ids, their rows locked until the transaction ends (on PostgreSQL), so two
    admins removing each other at once cannot leave none."""
    return list(
        db.scalars(
            select(StaffRole.user_id)
            .where(StaffRole.role == ADMIN)
            .order_by(StaffRole.user_id)
            .with_for_update()
        )
    )


def staff_rows(db: Session) -> Sequence[tuple[User, StaffRole]]:
    """Every (account, role) pair, by email."""
    rows = db.execute(
        select(User, StaffRole)
        .join(StaffRole, StaffRole.user_id == User.id)
        .order_by(User.email, StaffRole.role)
    )
    return [(user, role) for user, role in rows]


def enrolled_ids(db: Session, user_ids: Sequence[int]) -> set[int]:
    return set(
        db.scalars(
            select(StaffTotp.user_id).where(
                StaffTotp.user_id.in_(user_ids), StaffTotp.enrolled_at.is_not(None)
            )
        )
    )


def totp_of(db: Session, user_id: int) -> StaffTotp | None:
    """Read for update: two codes sent at once cannot both take the same step."""
    return db.scalars(
        select(StaffTotp).where(StaffTotp.user_id == user_id).with_for_update()
    ).first()


def totp_or_new(db: Session, user_id: int, secret: str, now: datetime) -> StaffTotp:
    """The account's TOTP row, made with `secret` if it has none (two enrolment pages opened
    at once get the same one)."""
    _insert_unless_taken(db, StaffTotp, [{"user_id": user_id, "secret": secret, "created_at": now}])
    found = totp_of(db, user_id)
    assert found is not None
    return found


def unused_recovery_code(db: Session, user_id: int, code_hash: str) -> StaffRecoveryCode | None:
    return db.scalars(
        select(StaffRecoveryCode)
        .where(
            StaffRecoveryCode.user_id == user_id,
            StaffRecoveryCode.code_hash == code_hash,
            StaffRecoveryCode.used_at.is_(None),
        )
        .with_for_update()
    ).first()


def unused_recovery_codes(db: Session, user_id: int) -> int:
    return (
        db.scalar(
            select(func.count())
            .select_from(StaffRecoveryCode)
            .where(StaffRecoveryCode.user_id == user_id, StaffRecoveryCode.used_at.is_(None))
        )
        or 0
    )


def replace_recovery_codes(db: Session, user_id: int, hashes: Sequence[str], now: datetime) -> None:
    db.execute(delete(StaffRecoveryCode).where(StaffRecoveryCode.user_id == user_id))
    db.add_all(StaffRecoveryCode(user_id=user_id, code_hash=h, created_at=now) for h in hashes)


def pending_by_hash(db: Session, token_hash: str) -> StaffPendingSignIn | None:
    """Read for update: wrong codes sent at once are each counted."""
    return db.scalars(
        select(StaffPendingSignIn)
        .where(StaffPendingSignIn.token_hash == token_hash)
        .with_for_update()
    ).first()


def session_by_hash(db: Session, token_hash: str) -> tuple[StaffSession, User] | None:
    """A session not signed out, with its account (and the account's profile, joined)."""
    row = db.execute(
        select(StaffSession, User)
        .join(User, User.id == StaffSession.user_id)
        .where(StaffSession.token_hash == token_hash, StaffSession.revoked_at.is_(None))
    ).first()
    return None if row is None else (row[0], row[1])


def revoke_session(db: Session, session_id: int, now: datetime) -> None:
    db.execute(
        update(StaffSession)
        .where(StaffSession.id == session_id, StaffSession.revoked_at.is_(None))
        .values(revoked_at=now)
    )


def audit_page(
    db: Session,
    *,
    actor: str | None,
    action: str | None,
    target: str | None,
    before: int | None,
    limit: int,
) -> Sequence[AuditEntry]:
    """Up to `limit` entries, newest first, older than the entry `before` when given."""
    query = select(AuditEntry).order_by(AuditEntry.id.desc()).limit(limit)
    if actor is not None:
        query = query.where(AuditEntry.actor_email == actor)
    if action is not None:
        query = query.where(AuditEntry.action == action)
    if target is not None:
        query = query.where(AuditEntry.target_id == target)
    if before is not None:
        query = query.where(AuditEntry.id < before)
    return db.scalars(query).all()
